/**
 * The other end of lineage: the entities whose own aspects name any of some entities the other way (a downstream names
 * its upstream), found with one query on the `lineageUp` / `lineageDown` search fields. Soft-deleted entities name nothing.
 */
import { LINEAGE_ASPECTS, lineageEdgesOf, type LineageDirection, type LineageEdge } from '../../model/lineage-edges.js';
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';

/** The types whose aspects can name lineage (the registry says which aspects each carries): the only ones searched. */
const NAMING_TYPES = ENTITY_TYPES.filter((t) => t.aspects.some((a) => LINEAGE_ASPECTS.includes(a))).map((t) => t.name);

/** The most entities one query reads: more are left out, and the answer says so. */
export const LINEAGE_SCAN_LIMIT = 10_000;

export interface Namer {
  urn: string;
  /** Which of the asked entities it names, with the edge as its aspect holds it. */
  edges: LineageEdge[];
}

/** Refuses a direction other than UPSTREAM and DOWNSTREAM (every lineage operation takes one). */
export function checkDirection(direction: unknown): asserts direction is LineageDirection {
  if (direction !== 'UPSTREAM' && direction !== 'DOWNSTREAM') throw validationError(`direction must be UPSTREAM or DOWNSTREAM, got ${direction}`);
}

/**
 * Entities that are `direction` of some of `urns` (UPSTREAM: those naming them downstream, and so on). What is read of
 * each: `edges` (default), the edges as its aspects hold them; `names`, only the URNs it names (each edge holding only
 * that), from the search field's doc values; `urns`, only its own URN (no edges). The last two load no document source.
 */
export async function entitiesNaming(services: CatalogDeps, urns: string[], direction: LineageDirection, opts: { read?: 'edges' | 'names' | 'urns' } = {}): Promise<{ namers: Namer[]; truncated: boolean }> {
  const read = opts.read ?? 'edges';
  const field = direction === 'UPSTREAM' ? 'lineageDown' : 'lineageUp';
  const named = direction === 'UPSTREAM' ? 'DOWNSTREAM' : 'UPSTREAM';
  const asked = new Set(urns);
  const res = await services.store.search(NAMING_TYPES, {
    size: LINEAGE_SCAN_LIMIT,
    track_total_hits: true,
    query: { bool: { filter: [{ terms: { [field]: urns } }, NOT_SOFT_DELETED] } },
    sort: [{ urn: 'asc' }],
    ...(read === 'edges' ? { _source: ['urn', ...LINEAGE_ASPECTS.map((a) => `aspects.${a}.value`)] } : { _source: false, docvalue_fields: read === 'names' ? ['urn', field] : ['urn'] }),
  });
  type Hit = { _source?: { urn: string; aspects?: Record<string, { value?: unknown }> }; fields?: Record<string, string[]> };
  const namers = (res.hits.hits as Hit[]).map((hit): Namer => {
    if (read !== 'edges') {
      const edges = (hit.fields?.[field] ?? []).filter((u) => asked.has(u)).map((urn): LineageEdge => ({ direction: named, type: '', urn, aspect: '' }));
      return { urn: hit.fields!.urn[0], edges };
    }
    return { urn: hit._source!.urn, edges: lineageEdgesOf(hit._source!.aspects ?? {}).filter((e) => e.direction === named && asked.has(e.urn)) };
  });
  return { namers, truncated: res.hits.total.value > LINEAGE_SCAN_LIMIT };
}
