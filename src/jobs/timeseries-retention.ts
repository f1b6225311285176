/** Runs time-series retention (catalog/timeseries/retention.ts) once an hour, where jobs run. */
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import { dropExpiredPoints } from '../catalog/timeseries/retention.js';

const HOUR = 3_600_000;

export class TimeseriesRetentionSweep {
  private timer?: NodeJS.Timeout;

  constructor(private readonly deps: CatalogDeps) {}

  start(): void {
    const { TIMESERIES_RETENTION_DAYS, TIMESERIES_RETENTION } = this.deps.config;
    if (TIMESERIES_RETENTION_DAYS === 0 && TIMESERIES_RETENTION === '') return;
    const tick = () => {
      dropExpiredPoints(this.deps).catch((err) => this.deps.log.warn({ err }, 'time-series retention failed; it runs again within the hour'));
    };
    this.timer = setInterval(tick, HOUR);
    this.timer.unref();
    tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
