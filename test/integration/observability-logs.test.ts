/** One log line per request with its route template and request id, the id echoed and carried into the job a request enqueues; no URN, token or body in any line. */
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../src/model/urn.js';
import { startObservedApp, type ObservedApp } from './observability-app.js';

let app: ObservedApp;
const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:hive,secret_table_name,PROD)';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  app = await startObservedApp('obslogs');
});
afterAll(() => app?.close());

const call = (method: string, path: string, opts: { body?: unknown; requestId?: string; token?: string | null } = {}) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(opts.token !== null && { authorization: `Bearer ${opts.token ?? app.token}` }),
      ...(opts.requestId !== undefined && { 'x-request-id': opts.requestId }),
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
const requestLines = (id: string) => app.lines.filter((l) => l.msg === 'request' && l.requestId === id);

describe('request log and X-Request-Id', () => {
  it('echoes a sane X-Request-Id and logs one line: method, route template, status, latency, actor, request id', async () => {
    const res = await call('POST', `/openapi/v3/entity/dataset/${encodeUrn(DATASET)}/datasetProperties`, { body: { value: { description: 'very private words' } }, requestId: 'trace-abc.123' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123');
    const lines = requestLines('trace-abc.123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, method: 'POST', route: '/openapi/v3/entity/:entity/:urn/:aspect', status: 200, actor: 'urn:li:corpuser:observer' });
    expect(typeof lines[0].ms).toBe('number');
  });

  it('generates an id when none or an insane one is sent, and echoes it', async () => {
    for (const sent of [undefined, 'x'.repeat(129), 'has space', '"quoted"', 'new\\nline']) {
      const res = await call('GET', '/openapi/v3/entity/tag', { requestId: sent });
      const id = res.headers.get('x-request-id')!;
      expect(id, String(sent)).toMatch(UUID);
      expect(requestLines(id)).toHaveLength(1);
    }
  });

  it('names the route template even when the answer is an error, and (unrouted) for refusals before routing', async () => {
    await call('GET', `/gms/openapi/v2/entity/nosuchtype/${encodeUrn(DATASET)}`, { requestId: 'bad-entity' });
    expect(requestLines('bad-entity')[0]).toMatchObject({ route: '/gms/openapi/v2/entity/:entity/:urn', status: 400 });
    await call('GET', `/openapi/v3/entity/dataset/${encodeUrn(DATASET)}`, { requestId: 'no-token', token: null });
    expect(requestLines('no-token')[0]).toMatchObject({ route: '(unrouted)', status: 401 });
    expect(requestLines('no-token')[0].actor).toBeUndefined();
    await call('GET', `/no/such/${encodeUrn(DATASET)}`, { requestId: 'no-route' });
    expect(requestLines('no-route')[0]).toMatchObject({ route: '(unrouted)', status: 404 });
    await call('POST', '/api/graphql', { body: { query: 'query Probe { tag(urn: "urn:li:tag:none") { urn } }' }, requestId: 'gql' });
    expect(requestLines('gql')[0]).toMatchObject({ route: '/api/graphql', status: 200 });
  });

  it('never writes a URN of a request path, a token or a body into the log', () => {
    const text = app.text();
    expect(text).not.toContain('secret_table_name');
    expect(text).not.toContain(app.token);
    expect(text).not.toContain('very private words');
  });
});

describe('the request id follows the work a request causes', () => {
  it('into the job a hard delete enqueues, and every line of that job', async () => {
    const property = 'urn:li:structuredProperty:obs.retention';
    const def = { qualifiedName: 'obs.retention', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    expect((await call('POST', `/openapi/v2/entity/structuredProperty/${encodeUrn(property)}/propertyDefinition`, { body: def })).status).toBe(200);
    const del = await call('DELETE', `/openapi/v2/entity/structuredProperty/${encodeUrn(property)}`, { requestId: 'delete-42' });
    expect(del.status).toBe(200);
    const enqueued = app.lines.find((l) => l.msg === 'job enqueued');
    expect(enqueued?.requestId).toBe('delete-42');
    expect(await app.runner.runOnce()).toBeGreaterThan(0);
    const jobLines = app.lines.filter((l) => l.job === enqueued!.job && l.msg !== 'job enqueued');
    expect(jobLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['job started', 'job done']));
    for (const line of jobLines) expect(line).toMatchObject({ requestId: 'delete-42', jobId: enqueued!.job });
  });

  /** Runs `fn` while the tag index is closed (a closed index refuses reads and writes alike). */
  async function withClosedTags(fn: () => Promise<void>) {
    const alias = app.services.names.entity('tag');
    const raw = new Client({ node: app.services.config.OPENSEARCH_URL! });
    // The tag index is made by the first tag written.
    await app.services.store.mutate('tag', 'urn:li:tag:made', async () => ({ urn: 'urn:li:tag:made', entityType: 'tag', aspects: {} }));
    await raw.indices.close({ index: alias });
    try {
      await fn();
    } finally {
      await raw.indices.open({ index: alias, wait_for_active_shards: 1 } as any);
      await raw.close();
    }
  }
  const failedLines = (msg: string, id: string) => app.lines.filter((l) => l.msg === msg && l.requestId === id);

  it('into the line of a read that the engine failed, naming the failed call', async () => {
    await withClosedTags(async () => {
      const res = await call('GET', `/openapi/v3/entity/tag/${encodeUrn('urn:li:tag:closed')}`, { requestId: 'os-failure' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
    const failed = failedLines('request failed', 'os-failure');
    expect(failed).toHaveLength(1);
    expect(failed[0].opensearch).toMatchObject({ operation: 'GET _doc', kind: 'status_400', type: 'index_closed_exception' });
    // The call's own line is there too (reads run without a log context, so it names no request).
    expect(app.lines.some((l) => l.msg === 'OpenSearch call failed' && l.opensearch?.type === 'index_closed_exception')).toBe(true);
    expect(requestLines('os-failure')).toHaveLength(1);
  });

  it('into the line of a GraphQL query whose fields the engine failed, once per failed call', async () => {
    await withClosedTags(async () => {
      const res = await call('POST', '/api/graphql', { body: { query: '{ a: tag(urn: "urn:li:tag:closed") { urn } b: tag(urn: "urn:li:tag:closed2") { urn } }' }, requestId: 'gql-failure' });
      const answer = (await res.json()) as { errors?: unknown[] };
      expect(answer).toHaveProperty('errors');
    });
    const failed = failedLines('request failed', 'gql-failure');
    expect(failed).toHaveLength(1);
    expect(failed[0].opensearch).toMatchObject({ type: 'index_closed_exception' });
  });

  it('into the lines of the engine calls a write makes that fail, and the write\'s own line', async () => {
    await withClosedTags(async () => {
      const res = await call('POST', `/openapi/v3/entity/tag/${encodeUrn('urn:li:tag:closed')}/tagProperties`, { body: { value: { name: 'closed' } }, requestId: 'os-write-failure' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
    const calls = failedLines('OpenSearch call failed', 'os-write-failure');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0].opensearch).toMatchObject({ type: 'index_closed_exception' });
    expect(failedLines('request failed', 'os-write-failure')).toHaveLength(1);
  });
});
