/**
 * Time-series retention: drops the months of points wholly older than their aspect's retention
 * (TIMESERIES_RETENTION_DAYS, overridden per aspect by TIMESERIES_RETENTION). Run every hour where jobs run, and by an
 * administrator on demand; dropping a month is idempotent, so several processes may run it at once.
 */
import type { CatalogDeps } from '../catalog-deps.js';

/** Days each aspect's points are kept (0: for ever), from the settings; aspect names in any case. */
export function retentionDaysOf(config: CatalogDeps['config']): (aspect: string) => number {
  const overrides = new Map(
    config.TIMESERIES_RETENTION.split(',')
      .filter(Boolean)
      .map((pair) => pair.split('='))
      .map(([aspect, days]) => [aspect.toLowerCase(), Number(days)]),
  );
  return (aspect) => overrides.get(aspect.toLowerCase()) ?? config.TIMESERIES_RETENTION_DAYS;
}

/** Drops what is past retention; answers the months dropped, by aspect (`<aspect>_<yyyymm>`). */
export async function dropExpiredPoints(deps: CatalogDeps, now = Date.now()): Promise<string[]> {
  const dropped = await deps.timeseries.dropExpired(retentionDaysOf(deps.config), now);
  if (dropped.length > 0) deps.log.info({ dropped }, 'time-series months past their retention dropped');
  const head = `${deps.names.prefix}ts_`;
  return dropped.map((alias) => alias.slice(head.length));
}

/** Runs on demand for an administrator (`POST /openapi/v3/timeseries/retention/run`). */
export async function runTimeseriesRetention(deps: CatalogDeps, actor: string) {
  await deps.access.authorize(actor, 'MANAGE_POLICIES', {}, 'dropping time-series points past their retention');
  return { dropped: await dropExpiredPoints(deps) };
}
