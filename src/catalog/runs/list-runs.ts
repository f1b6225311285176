/**
 * The ingestion runs whose values the catalog holds, newest first (`datahub ingest list-runs`): one aggregation over
 * the entities' nested `runs` field — per run its rows (aspects) and its newest write.
 */
import { validationError } from '../../errors.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import type { CatalogDeps } from '../catalog-deps.js';

export interface RunSummary {
  runId: string;
  /** How many aspects hold the run's values. */
  rows: number;
  /** The newest of those writes (epoch millis). */
  timestamp: number;
}

export interface ListRunsInput {
  pageOffset?: number;
  pageSize?: number;
  /** Also runs all of whose entities are soft-deleted (hidden by default, as by the original). */
  includeSoft?: boolean;
}

/** How many runs, newest first, a listing looks at: past them older runs are not listed (the original looks at ten). */
export const LISTED_RUNS = 10_000;

interface Bucket {
  key: string;
  doc_count: number;
  time: { value: number | null };
  rows: { value: number };
}

export async function listRuns(services: CatalogDeps, actor: string, input: ListRunsInput): Promise<RunSummary[]> {
  await services.access.authorize(actor, 'VIEW_METADATA', {}, 'ingestion runs');
  const from = input.pageOffset ?? 0;
  const size = Math.min(input.pageSize ?? 100, services.config.MAX_COUNT);
  if (!Number.isInteger(from) || from < 0) throw validationError(`pageOffset must be a non-negative integer, got ${from}`);
  if (!Number.isInteger(size) || size < 0) throw validationError(`pageSize must be a non-negative integer, got ${input.pageSize}`);
  if (size === 0 || from >= LISTED_RUNS) return [];
  // A run whose every entity is soft-deleted is left out before the page is cut, so that pages stay full.
  const hidden = input.includeSoft
    ? {}
    : {
        entities: { reverse_nested: {}, aggs: { removed: { filter: { term: { removed: true } } } } },
        live: { bucket_selector: { buckets_path: { total: '_count', removed: 'entities>removed>_count' }, script: 'params.total > params.removed' } },
      };
  const body = {
    size: 0,
    track_total_hits: false,
    query: { exists: { field: 'runIds' } },
    aggs: {
      runs: {
        nested: { path: 'runs' },
        aggs: {
          ids: {
            terms: { field: 'runs.runId', size: LISTED_RUNS, order: { time: 'desc' } },
            aggs: { time: { max: { field: 'runs.time' } }, rows: { sum: { field: 'runs.rows' } }, ...hidden, page: { bucket_sort: { from, size } } },
          },
        },
      },
    },
  };
  const res = await services.store.search(ENTITY_TYPES.map((t) => t.name), body);
  const buckets = (res.aggregations?.runs?.ids?.buckets ?? []) as Bucket[];
  return buckets.map((b) => ({ runId: b.key, rows: b.rows.value, timestamp: b.time.value ?? 0 }));
}
