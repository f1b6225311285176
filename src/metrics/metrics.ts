/** The Prometheus instruments of one Tessera process, in a registry of its own (never the global one: tests build several services in one process). */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the job queue gauges read at scrape time. */
export interface JobQueueStats {
  pending: number;
  running: number;
  /** Age in seconds of the oldest pending job; 0 when none waits. */
  oldestPendingSeconds: number;
}

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let jobQueueProbe: (() => Promise<JobQueueStats>) | undefined;
  let lastStats: JobQueueStats = { pending: 0, running: 0, oldestPendingSeconds: 0 };
  let inFlight: Promise<JobQueueStats> | undefined;
  // A scrape collects both queue gauges at once: they share one query (a failed one keeps the last figures).
  const readStats = () =>
    (inFlight ??= (jobQueueProbe ? jobQueueProbe().then((s) => (lastStats = s), () => lastStats) : Promise.resolve(lastStats)).finally(() => {
      inFlight = undefined;
    }));
  const metrics = {
    registry,
    httpRequests: new Histogram({
      name: 'tessera_http_request_duration_seconds', help: 'HTTP requests by method, route template and status: latency (and, by its _count, rate)',
      labelNames: ['method', 'route', 'status'] as const, buckets: LATENCY_BUCKETS, registers: [registry],
    }),
    graphqlOperations: new Histogram({
      name: 'tessera_graphql_operation_duration_seconds', help: 'GraphQL operations by operation name (anonymous when unnamed, other past 200 names): latency',
      labelNames: ['operation'] as const, buckets: LATENCY_BUCKETS, registers: [registry],
    }),
    opensearchRequests: new Histogram({
      name: 'tessera_opensearch_request_duration_seconds', help: 'OpenSearch calls by operation (method and endpoint, e.g. POST _search): latency',
      labelNames: ['operation'] as const, buckets: LATENCY_BUCKETS, registers: [registry],
    }),
    opensearchErrors: new Counter({
      name: 'tessera_opensearch_errors_total', help: 'Failed OpenSearch calls by operation and kind (connection, timeout, conflict, not_found, response)',
      labelNames: ['operation', 'kind'] as const, registers: [registry],
    }),
    opensearchDirectFallbacks: new Counter({
      name: 'tessera_opensearch_direct_fallbacks_total', help: 'Hot engine calls left to the OpenSearch client because its pool offered no living connection, by operation and reason',
      labelNames: ['operation', 'reason'] as const, registers: [registry],
    }),
    graphqlResponseCache: new Counter({
      name: 'tessera_graphql_response_cache_total', help: 'GraphQL queries by what the response cache did: hit (answered from it), miss (run, and kept if it may be), first (asked for the first time: run, not kept), skip (the catalog version could not be read)',
      labelNames: ['outcome'] as const, registers: [registry],
    }),
    writeConflicts: new Counter({ name: 'tessera_write_conflicts_total', help: 'Conditional entity writes refused because another writer changed the document first', registers: [registry] }),
    writeRetries: new Counter({ name: 'tessera_write_retries_total', help: 'Entity writes retried after a conflict', registers: [registry] }),
    writeConflictsExhausted: new Counter({ name: 'tessera_write_conflicts_exhausted_total', help: 'Entity writes that kept conflicting until WRITE_RETRY_MS and answered 409', registers: [registry] }),
    mergedWrites: new Counter({ name: 'tessera_merged_writes_total', help: 'Concurrent writes to one entity in this process stored by another write\'s single conditional write', registers: [registry] }),
    jobsFinished: new Counter({ name: 'tessera_jobs_finished_total', help: 'Background jobs finished by this process, by type and outcome (done, failed, retry)', labelNames: ['type', 'outcome'] as const, registers: [registry] }),
    unhandledRejections: new Counter({ name: 'tessera_unhandled_rejections_total', help: 'Promise rejections nothing handled (logged; the process keeps serving): any is a defect to report', registers: [registry] }),
    relayBacklog: new Gauge({ name: 'tessera_relay_backlog_versions', help: 'Written entity and administrative versions the change relay had not relayed when its last round began (the leading process; 0 elsewhere)', registers: [registry] }),
    relayLag: new Gauge({ name: 'tessera_relay_lag_seconds', help: 'Seconds since the change relay last found nothing waiting: the most a change not yet in the event stream can have waited (the leading process; 0 elsewhere)', registers: [registry] }),
    relayRounds: new Counter({ name: 'tessera_relay_rounds_total', help: 'Change relay rounds by outcome (led, idle: another process leads, failed)', labelNames: ['outcome'] as const, registers: [registry] }),
    relayAppendRetries: new Counter({ name: 'tessera_relay_append_retries_total', help: 'Appends of event groups retried with the same sequence numbers after a failure', registers: [registry] }),
    relaySealedNumbers: new Counter({ name: 'tessera_relay_sealed_numbers_total', help: 'Sequence numbers a leader taking over sealed unused (its predecessor reserved them but did not write them)', registers: [registry] }),
    eventPollHoles: new Counter({ name: 'tessera_event_poll_holes_total', help: 'Polls that found a later sequence number visible while an earlier one was not (answered up to the gap)', registers: [registry] }),
    eventPolls: new Counter({ name: 'tessera_event_polls_total', help: 'Event polls answered, by whether they carried events (events, empty)', labelNames: ['outcome'] as const, registers: [registry] }),
    webhookDeliveries: new Counter({ name: 'tessera_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome (delivered, retry, dead: dead-lettered after the schedule, gone: the receiver answered 410)', labelNames: ['outcome'] as const, registers: [registry] }),
    managedNodeRestarts: new Counter({ name: 'tessera_managed_opensearch_restarts_total', help: 'Restarts of the managed local OpenSearch node by this process', registers: [registry] }),
    /** Makes the job queue gauges read the queue at scrape time. */
    observeJobQueue(probe: () => Promise<JobQueueStats>) {
      jobQueueProbe = probe;
    },
  };
  new Gauge({
    name: 'tessera_job_queue_depth', help: 'Background jobs waiting (pending) or being run (running), across all processes', labelNames: ['status'] as const, registers: [registry],
    async collect() {
      const s = await readStats();
      this.set({ status: 'pending' }, s.pending);
      this.set({ status: 'running' }, s.running);
    },
  });
  new Gauge({
    name: 'tessera_job_oldest_pending_age_seconds', help: 'Age of the oldest pending background job (0 when none waits)', registers: [registry],
    async collect() {
      this.set((await readStats()).oldestPendingSeconds);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
