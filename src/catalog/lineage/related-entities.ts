/**
 * The original's relationship read (`/openapi/relationships/v1/`, the client's `get_related_entities`) for the
 * relationships Tessera keeps: an edge goes from the entity whose aspect names it (a dataset DownstreamOf its upstream,
 * a job that Consumes and Produces datasets, a chart that Consumes, a dashboard that Contains and Consumes, an entity
 * IsPartOf its container) to the entity named — and a job IsPartOf the flow its URN names. OUTGOING: what the entity's
 * own aspects (or URN) name; INCOMING: the entities naming it (one query each way on the derived search fields).
 */
import { validationError } from '../../errors.js';
import { lineageEdgesOf } from '../../model/lineage-edges.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { parseUrn } from '../../model/urn.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { startOf } from '../paging.js';
import { countOf } from '../search/search-entities.js';
import { entitiesNaming } from './lineage-namers.js';

/** The relationship types kept (the original's names): lineage, and membership of a container or a flow. */
export const LINEAGE_RELATIONSHIPS = ['DownstreamOf', 'Consumes', 'Produces', 'Contains', 'IsPartOf'] as const;

const CONTAINED_TYPES = ENTITY_TYPES.filter((t) => t.aspects.includes('container')).map((t) => t.name);
/** The most members one read lists. */
const MEMBERS_LIMIT = 10_000;

/** The entities inside a container, or the jobs of a flow (whose URNs begin with the flow's). */
async function membersOf(services: CatalogDeps, urn: string, entityType: string): Promise<string[]> {
  const [types, query] =
    entityType === 'dataFlow'
      ? [['dataJob'], { prefix: { urn: `urn:li:dataJob:(${urn},` } }]
      : [CONTAINED_TYPES, { term: { container: urn } }];
  const res = await services.store.search(types, { size: MEMBERS_LIMIT, query: { bool: { filter: [query, NOT_SOFT_DELETED] } }, sort: [{ urn: 'asc' }], _source: ['urn'] });
  return (res.hits.hits as { _source: { urn: string } }[]).map((h) => h._source.urn);
}

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
  if (unknown.length > 0) throw validationError(`relationshipTypes ${unknown.join(', ')} are not kept; Tessera keeps the relationships ${LINEAGE_RELATIONSHIPS.join(', ')}`);
  const start = startOf(q.start);
  const count = countOf(services, q.count, 100);
  const target = resolveTarget(parseUrn(q.urn).entityType, q.urn);
  const wanted = new Set(q.types);
  const found = new Map<string, { relationshipType: string; urn: string }>();
  const add = (relationshipType: string, urn: string) => wanted.has(relationshipType) && urn !== target.urn.raw && found.set(`${relationshipType}\u0000${urn}`, { relationshipType, urn });
  if (q.direction === 'OUTGOING') {
    const own = await services.store.get(target.def.name, target.urn.raw);
    for (const e of lineageEdgesOf(own?.aspects ?? {})) add(e.type, e.urn);
    const container = (own?.aspects.container?.value as { container?: unknown } | undefined)?.container;
    if (typeof container === 'string') add('IsPartOf', container);
    if (target.def.name === 'dataJob') add('IsPartOf', target.urn.parts[0]);
  } else {
    const [up, down, members] = await Promise.all([
      entitiesNaming(services, [target.urn.raw], 'UPSTREAM'),
      entitiesNaming(services, [target.urn.raw], 'DOWNSTREAM'),
      wanted.has('IsPartOf') && ['container', 'dataFlow'].includes(target.def.name) ? membersOf(services, target.urn.raw, target.def.name) : [],
    ]);
    for (const n of [...up.namers, ...down.namers]) for (const e of n.edges) add(e.type, n.urn);
    for (const m of members) add('IsPartOf', m);
  }
  const all = [...found.values()].sort((a, b) => (a.urn === b.urn ? a.relationshipType.localeCompare(b.relationshipType) : a.urn < b.urn ? -1 : 1));
  const page = all.slice(start, start + count);
  return { start, count: page.length, total: all.length, entities: page };
}
