/**
 * One hop of lineage from an entity, in either direction: the edges its own aspects name, and the entities whose
 * aspects name it (found by one query on the `lineageUp` / `lineageDown` search fields, derived with the aspects in the
 * one write path). The answer is the original's `lineage` field: relationships with their type, the edge's stamps and
 * properties, degree 1 and the path to each.
 */
import { lineageEdgesOf, type LineageDirection, type LineageEdge } from '../../model/lineage-edges.js';
import { parseUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { startOf } from '../paging.js';
import { countOf } from '../search/search-entities.js';
import { checkDirection, entitiesNaming } from './lineage-namers.js';

export interface LineageQuery {
  urn: string;
  direction: LineageDirection;
  start?: number | null;
  count?: number | null;
}

export interface LineageRelationship extends LineageEdge {
  degree: number;
  /** From the start entity to this one. */
  path: string[];
}

export interface LineageAnswer {
  start: number;
  count: number;
  total: number;
  relationships: LineageRelationship[];
  /** More entities name the start entity than one query reads (LINEAGE_SCAN_LIMIT): the rest are not counted. */
  truncated: boolean;
}

export async function entityLineage(services: CatalogDeps, q: LineageQuery): Promise<LineageAnswer> {
  checkDirection(q.direction);
  const start = startOf(q.start);
  const count = countOf(services, q.count, 100);
  const target = resolveTarget(parseUrn(q.urn).entityType, q.urn);
  const own = await services.store.get(target.def.name, target.urn.raw);
  const found = new Map<string, LineageEdge>();
  for (const e of lineageEdgesOf(own?.aspects ?? {})) if (e.direction === q.direction) found.set(e.urn, e);
  // Those whose own aspects name this entity the other way: a downstream names it upstream, and so on.
  const { namers, truncated } = await entitiesNaming(services, [target.urn.raw], q.direction);
  for (const n of namers) if (n.edges[0] && !found.has(n.urn)) found.set(n.urn, { ...n.edges[0], direction: q.direction, urn: n.urn });
  const all = [...found.values()].filter((e) => e.urn !== target.urn.raw);
  return {
    start,
    count,
    total: all.length,
    truncated,
    relationships: all.slice(start, start + count).map((e) => ({ ...e, degree: 1, path: [target.urn.raw, e.urn] })),
  };
}
