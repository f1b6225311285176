/** The rows of one ingestion run, a page at a time by URN and aspect (`datahub ingest show --run-id`), values on request. */
import { validationError } from '../../errors.js';
import { entityTypeOfUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { presentAspect } from '../read-entity.js';
import { runEntities, rowsOf, type RunRow } from './run-rows.js';

export interface DescribeRunInput {
  runId: string;
  start?: number;
  count?: number;
  /** Also the rows of soft-deleted entities. */
  includeSoft?: boolean;
  /** Each row with the aspect's current value, as reads present it. */
  includeAspect?: boolean;
}

export type DescribedRow = RunRow & { aspect?: unknown };

export async function describeRun(services: CatalogDeps, actor: string, input: DescribeRunInput, present: (aspect: string, value: unknown) => unknown = (_a, v) => v): Promise<DescribedRow[]> {
  await services.access.authorize(actor, 'VIEW_METADATA', {}, `the ingestion run ${input.runId}`);
  const start = input.start ?? 0;
  const count = Math.min(input.count ?? 100, services.config.MAX_COUNT);
  if (!Number.isInteger(start) || start < 0) throw validationError(`start must be a non-negative integer, got ${start}`);
  if (!Number.isInteger(count) || count < 0) throw validationError(`count must be a non-negative integer, got ${input.count}`);
  const rows: RunRow[] = [];
  if (count > 0) {
    for await (const page of runEntities(services, input.runId, { includeRemoved: input.includeSoft === true })) {
      for (const doc of page) rows.push(...rowsOf(doc, input.runId));
      if (rows.length >= start + count) break;
    }
  }
  const picked: DescribedRow[] = rows.slice(start, start + count);
  if (!input.includeAspect || picked.length === 0) return picked;
  // The values of the page's rows only: one real-time read of their entities.
  const urns = [...new Map(picked.map((r) => [r.urn, { urn: r.urn, entityType: entityTypeOfUrn(r.urn) }])).values()];
  const docs = await services.store.mgetAcross(urns);
  const definitions = services.definitionCache.memo();
  for (const row of picked) {
    const doc = docs.get(row.urn);
    const view = doc && (await presentAspect(services, doc, row.aspectName, definitions));
    if (view) row.aspect = present(row.aspectName, view.value);
  }
  return picked;
}
