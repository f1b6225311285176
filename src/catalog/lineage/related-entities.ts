/**
 * The original's relationship read (`/openapi/relationships/v1/`, the client's `get_related_entities`) for the
 * relationships lineage keeps: an edge goes from the entity whose aspect names it (a dataset DownstreamOf its upstream,
 * a job that Consumes and Produces datasets, a chart that Consumes, a dashboard that Contains and Consumes) to the
 * entity named. OUTGOING: what the entity's own aspects name; INCOMING: the entities naming it (one query each way on
 * the derived lineage fields, as every lineage read).
 */
import { validationError } from '../../errors.js';
import { lineageEdgesOf } from '../../model/lineage-edges.js';
import { parseUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { startOf } from '../paging.js';
import { countOf } from '../search/search-entities.js';
import { entitiesNaming } from './lineage-namers.js';

/** The relationship types lineage keeps (the original's names). */
export const LINEAGE_RELATIONSHIPS = ['DownstreamOf', 'Consumes', 'Produces', 'Contains'] as const;

export interface RelatedQuery {
  urn: string;
  direction: 'INCOMING' | 'OUTGOING';
  types: string[];
  start?: number | null;
  count?: number | null;
}

export interface RelatedPage {
  start: number;
  count: number;
  total: number;
  entities: { relationshipType: string; urn: string }[];
}

export async function relatedEntities(services: CatalogDeps, q: RelatedQuery): Promise<RelatedPage> {
  if (q.types.length === 0) throw validationError(`relationshipTypes is required: one or more of ${LINEAGE_RELATIONSHIPS.join(', ')}`);
  const unknown = q.types.filter((t) => !(LINEAGE_RELATIONSHIPS as readonly string[]).includes(t));
  if (unknown.length > 0) throw validationError(`relationshipTypes ${unknown.join(', ')} are not kept; Tessera keeps the lineage relationships ${LINEAGE_RELATIONSHIPS.join(', ')}`);
  const start = startOf(q.start);
  const count = countOf(services, q.count, 100);
  const target = resolveTarget(parseUrn(q.urn).entityType, q.urn);
  const wanted = new Set(q.types);
  const found = new Map<string, { relationshipType: string; urn: string }>();
  const add = (relationshipType: string, urn: string) => wanted.has(relationshipType) && urn !== target.urn.raw && found.set(`${relationshipType}\u0000${urn}`, { relationshipType, urn });
  if (q.direction === 'OUTGOING') {
    const own = await services.store.get(target.def.name, target.urn.raw);
    for (const e of lineageEdgesOf(own?.aspects ?? {})) add(e.type, e.urn);
  } else {
    const [up, down] = await Promise.all([entitiesNaming(services, [target.urn.raw], 'UPSTREAM'), entitiesNaming(services, [target.urn.raw], 'DOWNSTREAM')]);
    for (const n of [...up.namers, ...down.namers]) for (const e of n.edges) add(e.type, n.urn);
  }
  const all = [...found.values()].sort((a, b) => (a.urn === b.urn ? a.relationshipType.localeCompare(b.relationshipType) : a.urn < b.urn ? -1 : 1));
  const page = all.slice(start, start + count);
  return { start, count: page.length, total: all.length, entities: page };
}
