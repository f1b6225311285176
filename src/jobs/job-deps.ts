/** What durable jobs depend on: everything catalog operations do, plus the job settings, this process's id and the job metrics. */
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics/metrics.js';

export interface JobDeps extends Omit<CatalogDeps, 'config'> {
  config: CatalogDeps['config'] & Pick<Config, 'JOB_POLL_MS' | 'JOB_LEASE_MS'>;
  metrics: Pick<Metrics, 'jobsFinished' | 'eventPolls' | 'eventPollHoles'>;
  /** Identifies this process as a job lease holder. */
  instanceId: string;
}
