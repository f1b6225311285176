/**
 * Column lineage found from either end with one query: the entities whose `fineGrainedLineages` name any of some
 * columns at one end of an edge (the `fieldLineageUp` / `fieldLineageDown` search fields, derived with the aspects in the
 * one write path), and the edges to the columns at the other end. Soft-deleted holders name nothing.
 */
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { FIELD_LINEAGE_ASPECTS, FIELD_LINEAGE_FIELD, fieldLineageEdgesOf, type FieldLineageEdge } from '../../model/field-lineage.js';
import type { LineageDirection } from '../../model/lineage-edges.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import { LINEAGE_SCAN_LIMIT } from './lineage-namers.js';

/** The types whose aspects can name column edges (datasets, jobs): the only ones searched. */
const HOLDER_TYPES = ENTITY_TYPES.filter((t) => t.aspects.some((a) => FIELD_LINEAGE_ASPECTS.includes(a))).map((t) => t.name);

export interface ColumnStep {
  /** The asked column, the column one hop `direction` of it, the edge and the entity whose aspect names it. */
  from: string;
  to: string;
  edge: FieldLineageEdge;
  holder: string;
}

/** The columns one hop `direction` of any of `columns` (UPSTREAM: where their data comes from). */
export async function columnsNaming(services: CatalogDeps, columns: string[], direction: LineageDirection): Promise<{ steps: ColumnStep[]; truncated: boolean }> {
  // Downstream of X: edges whose upstream end is X, found by the holders' upstream ends; and the other way.
  const field = FIELD_LINEAGE_FIELD[direction === 'DOWNSTREAM' ? 'UPSTREAM' : 'DOWNSTREAM'];
  const asked = new Set(columns);
  const res = await services.store.search(HOLDER_TYPES, {
    size: LINEAGE_SCAN_LIMIT,
    track_total_hits: true,
    query: { bool: { filter: [{ terms: { [field]: columns } }, NOT_SOFT_DELETED] } },
    sort: [{ urn: 'asc' }],
    _source: ['urn', ...FIELD_LINEAGE_ASPECTS.map((a) => `aspects.${a}.value.fineGrainedLineages`)],
  });
  const steps: ColumnStep[] = [];
  for (const hit of res.hits.hits as { _source: { urn: string; aspects?: Record<string, { value?: unknown }> } }[]) {
    for (const edge of fieldLineageEdgesOf(hit._source.aspects ?? {})) {
      const [from, to] = direction === 'DOWNSTREAM' ? [edge.upstream, edge.downstream] : [edge.downstream, edge.upstream];
      if (asked.has(from)) steps.push({ from, to, edge, holder: hit._source.urn });
    }
  }
  return { steps, truncated: res.hits.total.value > LINEAGE_SCAN_LIMIT };
}
