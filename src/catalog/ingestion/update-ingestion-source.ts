/**
 * Writes an ingestion source's recipe, schedule and executor (the original's updateIngestionSource, which creates the
 * source when it is new): its dataHubIngestionSourceInfo through the one batch engine. What the input cannot say (the
 * platform, the source's origin) is kept from the stored record. Tessera stores sources; it runs none.
 */
import type { IngestionSourceInfo } from '../../model/aspects/ingestion-source-info.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { writeBatch } from '../write-batch.js';

export interface UpdateIngestionSourceInput {
  urn: string;
  name: string;
  type: string;
  schedule?: { interval: string; timezone: string } | null;
  config: { recipe: string; version?: string | null; executorId: string; debugMode?: boolean | null; extraArgs?: Record<string, string> };
  actor: string;
  waitForSearch?: boolean;
}

function infoOf(input: UpdateIngestionSourceInput, previous: IngestionSourceInfo | undefined): IngestionSourceInfo {
  const c = input.config;
  return {
    name: input.name,
    type: input.type,
    ...(previous?.platform && { platform: previous.platform }),
    ...(input.schedule && { schedule: { interval: input.schedule.interval, timezone: input.schedule.timezone } }),
    config: {
      recipe: c.recipe,
      executorId: c.executorId,
      ...(c.version != null && { version: c.version }),
      ...(c.debugMode != null && { debugMode: c.debugMode }),
      ...(c.extraArgs && { extraArgs: c.extraArgs }),
    },
    ...(previous?.source && { source: previous.source }),
  };
}

/** Answers the source's URN. */
export async function updateIngestionSource(services: CatalogDeps, input: UpdateIngestionSourceInput): Promise<string> {
  const target = resolveTarget('dataHubIngestionSource', input.urn);
  await writeBatch(services, [
    {
      target,
      actor: input.actor,
      waitForSearch: input.waitForSearch,
      changes: [{ aspect: 'dataHubIngestionSourceInfo', compute: (previous) => infoOf(input, previous as IngestionSourceInfo | undefined) }],
    },
  ]);
  return target.urn.raw;
}
