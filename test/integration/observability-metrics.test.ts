/** GET /metrics: request, GraphQL and OpenSearch latency, write contention, the job queue and process metrics, per service; protected unless METRICS_PUBLIC. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../src/catalog/entity-target.js';
import { patchAspect } from '../../src/catalog/patch-aspect.js';
import { JobRunner } from '../../src/jobs/job-queue.js';
import { createLogger } from '../../src/logger.js';
import { encodeUrn } from '../../src/model/urn.js';
import { createServices, type Services } from '../../src/services.js';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
let open: TestApp;
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,metrics_contended,PROD)';

beforeAll(async () => {
  app = await startTestApp('metrics');
  open = await startTestApp('metricsopen', { METRICS_PUBLIC: 'true' });
});
afterAll(async () => {
  await app?.close();
  await open?.close();
});

/** The value of one sample (`name{labels} value`), 0 when absent; labels must match exactly as printed. */
async function sample(of: TestApp, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await of.get('/metrics')).text;
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(/,(?=[a-z_]+=")/) : [];
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  it('needs a token unless METRICS_PUBLIC=true, under / and /gms', async () => {
    expect((await app.request('GET', '/metrics', undefined, { token: null })).status).toBe(401);
    const res = await app.get('/gms/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const path of ['/metrics', '/gms/metrics']) expect((await open.request('GET', path, undefined, { token: null })).status).toBe(200);
  });

  it('counts requests by method, route template and status, and times them', async () => {
    await app.get(`/openapi/v3/entity/dataset/${encodeUrn('urn:li:dataset:(urn:li:dataPlatform:hive,nothing_here,PROD)')}`);
    const labels = { method: 'GET', route: '/openapi/v3/entity/:entity/:urn', status: '404' };
    expect(await sample(app, 'tessera_http_request_duration_seconds_count', labels)).toBe(1);
    expect(await sample(app, 'tessera_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect((await app.get('/metrics')).text).not.toContain('nothing_here');
  });

  it('times GraphQL operations by operation name', async () => {
    await app.graphql('query ProbeTag { tag(urn: "urn:li:tag:none") { urn } }');
    await app.graphql('{ tag(urn: "urn:li:tag:none") { urn } }');
    expect(await sample(app, 'tessera_graphql_operation_duration_seconds_count', { operation: 'ProbeTag' })).toBe(1);
    expect(await sample(app, 'tessera_graphql_operation_duration_seconds_count', { operation: 'anonymous' })).toBe(1);
  });

  it('times OpenSearch calls by operation and counts their failures by kind', async () => {
    const before = await sample(app, 'tessera_opensearch_errors_total', { operation: 'GET _doc', kind: 'not_found' });
    await app.get(`/openapi/v3/entity/tag/${encodeUrn('urn:li:tag:absent')}`);
    expect(await sample(app, 'tessera_opensearch_errors_total', { operation: 'GET _doc', kind: 'not_found' })).toBe(before + 1);
    expect(await sample(app, 'tessera_opensearch_request_duration_seconds_count', { operation: 'GET _doc' })).toBeGreaterThan(before);
  });

  it('shows that /health asks the cluster at most once per few seconds', async () => {
    const before = await sample(app, 'tessera_opensearch_request_duration_seconds_count', { operation: 'GET _cluster/health' });
    for (let i = 0; i < 5; i++) expect((await app.request('GET', '/health', undefined, { token: null })).status).toBe(200);
    expect(await sample(app, 'tessera_opensearch_request_duration_seconds_count', { operation: 'GET _cluster/health' })).toBe(before + 1);
  });

  it('counts merged writes, and conflicts and retries between two processes', async () => {
    const other: Services = await createServices(app.services.config, createLogger('silent'), app.services.config.OPENSEARCH_URL!, app.services.config.AUTH_SECRET);
    try {
      expect((await app.post(`/openapi/v3/entity/dataset/${encodeUrn(DS)}/status?createIfNotExists=false`, { value: { removed: false } })).status).toBe(200);
      const tag = (i: number, who: string) => ({ patch: [{ op: 'add', path: `/tags/urn:li:tag:${who}${i}`, value: { tag: `urn:li:tag:${who}${i}` } }] });
      const path = `/openapi/v3/entity/dataset/${encodeUrn(DS)}/globalTags`;
      // Contention between processes is a race: a few rounds make at least one conflict certain in practice.
      for (let round = 0; round < 10 && (await sample(app, 'tessera_write_conflicts_total')) === 0; round++) {
        await Promise.all([
          ...Array.from({ length: 10 }, (_, i) => app.patch(path, tag(i, `r${round}a`))),
          ...Array.from({ length: 10 }, (_, i) => patchThrough(other, DS, `urn:li:tag:r${round}b${i}`)),
        ]);
      }
      expect(await sample(app, 'tessera_merged_writes_total')).toBeGreaterThan(0);
      const conflicts = await sample(app, 'tessera_write_conflicts_total');
      expect(conflicts).toBeGreaterThan(0);
      expect(await sample(app, 'tessera_write_retries_total')).toBe(conflicts);
      expect(await sample(app, 'tessera_write_conflicts_exhausted_total')).toBe(0);
      // Each service keeps its own registry: the other process's counters are not in this one.
      expect(await other.metrics.registry.getSingleMetricAsString('tessera_http_request_duration_seconds')).not.toContain('route=');
    } finally {
      await other.close();
    }
  });

  it('reports the job queue depth, the oldest pending job and job outcomes', async () => {
    const id = await app.services.jobStore.enqueue('metrics-probe', 'probe', {});
    await app.services.indices.refreshJobs();
    expect(await sample(app, 'tessera_job_queue_depth', { status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(await sample(app, 'tessera_job_oldest_pending_age_seconds')).toBeGreaterThan(0);
    const runner = new JobRunner(app.services, { 'metrics-probe': async () => { throw new Error('probe failure'); } });
    expect(await runner.runOnce()).toBe(1);
    expect(await sample(app, 'tessera_jobs_finished_total', { type: 'metrics-probe', outcome: 'retry' })).toBe(1);
    expect((await app.services.jobStore.get(id))?.status).toBe('pending');
  });

  it('reports the change relay (backlog, lag, rounds) and the event poll (answers, holes)', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,metrics.relay,PROD)';
    expect((await app.request('POST', `/openapi/v3/entity/dataset/${encodeURIComponent(urn)}/datasetProperties`, { value: { name: 'relay' } })).status).toBe(200);
    expect(await app.services.relay.tick()).toBe(true);
    expect(await sample(app, 'tessera_relay_rounds_total', { outcome: 'led' })).toBeGreaterThanOrEqual(1);
    // Caught up after its round: nothing waits, no lag.
    expect(await app.services.relay.tick()).toBe(true);
    expect(await sample(app, 'tessera_relay_backlog_versions')).toBe(0);
    expect(await sample(app, 'tessera_relay_lag_seconds')).toBe(0);
    const start = (await app.get('/openapi/v1/events/poll?pollTimeoutSeconds=0')).body;
    expect((await app.get(`/openapi/v1/events/poll?offsetId=${Number(start.offsetId) - 1}&pollTimeoutSeconds=0`)).body.count).toBe(1);
    expect(await sample(app, 'tessera_event_polls_total', { outcome: 'events' })).toBeGreaterThanOrEqual(1);
    const text = (await app.get('/metrics')).text;
    for (const name of ['tessera_event_poll_holes_total', 'tessera_relay_append_retries_total', 'tessera_webhook_deliveries_total', 'tessera_unhandled_rejections_total']) expect(text).toContain(`# TYPE ${name}`);
  });

  it('includes the process metrics', async () => {
    const text = (await app.get('/metrics')).text;
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'tessera_managed_opensearch_restarts_total']) expect(text).toContain(name);
  });
});

/** A write through the second process's own store: the same operation another Tessera process would run. */
async function patchThrough(services: Services, urn: string, tagUrn: string): Promise<void> {
  await patchAspect(services, { target: resolveTarget('dataset', urn), aspect: 'globalTags', patch: { patch: [{ op: 'add', path: `/tags/${tagUrn}`, value: { tag: tagUrn } }] }, actor: 'urn:li:corpuser:other', waitForSearch: false });
}
