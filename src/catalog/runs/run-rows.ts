/**
 * A run's rows — each aspect whose current value the run wrote, as the original's AspectRowSummary lists them — read
 * from the entities that hold them: one term query on `runIds` over every entity index, a page of entities at a time
 * in URN order.
 */
import { ENTITY_TYPES, findEntityType } from '../../model/entity-types.js';
import type { EntityDoc } from '../../storage/entity-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { storedRunId } from './run-aspects.js';

export interface RunRow {
  runId: string;
  aspectName: string;
  urn: string;
  /** When the run wrote the value (its stamp; a restored value keeps its own). */
  timestamp: number;
  /** The original's number for the latest version: only the latest is kept. */
  version: 0;
  keyAspect: boolean;
}

const ENTITY_TYPE_NAMES = ENTITY_TYPES.map((t) => t.name);

/** What a row needs of a document: each aspect's run and stamp (never the values, which can be large). */
const ROW_SOURCE = ['urn', 'entityType', 'aspects.*.meta.systemMetadata.runId', 'aspects.*.lastModified'];

/**
 * The entities holding values of the run, in URN order, a page at a time (their aspects as ROW_SOURCE reads them),
 * soft-deleted ones only with `includeRemoved` (the original hides a soft-deleted entity's rows likewise).
 */
export async function* runEntities(services: CatalogDeps, runId: string, opts: { includeRemoved: boolean; page?: number }): AsyncGenerator<EntityDoc[]> {
  const size = opts.page ?? 500;
  const filter = [{ term: { runIds: runId } }, ...(opts.includeRemoved ? [] : [{ term: { removed: false } }])];
  let after: unknown[] | undefined;
  for (;;) {
    const body = { size, sort: [{ urn: 'asc' }], track_total_hits: false, _source: ROW_SOURCE, query: { bool: { filter } }, ...(after && { search_after: after }) };
    const hits = (await services.store.search(ENTITY_TYPE_NAMES, body)).hits.hits as { _source: EntityDoc; sort: unknown[] }[];
    if (hits.length > 0) yield hits.map((h) => h._source);
    if (hits.length < size) return;
    after = hits[hits.length - 1].sort;
  }
}

/** The rows of the run on one entity, by aspect name. */
export function rowsOf(doc: EntityDoc, runId: string): RunRow[] {
  const key = findEntityType(doc.entityType)?.keyAspect;
  return Object.keys(doc.aspects)
    .filter((aspect) => storedRunId(doc.aspects[aspect]) === runId)
    .sort()
    .map((aspect) => ({ runId, aspectName: aspect, urn: doc.urn, timestamp: doc.aspects[aspect].lastModified.time, version: 0, keyAspect: aspect === key }));
}
