/**
 * The hot engine calls (storage/direct-calls.ts) follow the client's transport rules: a node that does not answer is
 * marked dead in the client's pool and the call goes to another; a refusal is answered once, mapped as the client's
 * would be, never silently made again; over HTTPS with a CA file the direct path serves without falling back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { request } from 'node:http';
import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DirectCalls } from '../../src/storage/direct-calls.js';
import { createMetrics } from '../../src/metrics/metrics.js';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { createDataset, datasetUrn, SCROLL } from './search-helpers.js';

const listening = (server: { listen(port: number, host: string, cb: () => void): unknown; address(): unknown }) =>
  new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)));

/** A node that accepts connections and never answers. */
async function blackhole(): Promise<{ url: string; connections: () => number; close(): void }> {
  const sockets: Socket[] = [];
  const server: Server = createTcpServer((s) => void sockets.push(s));
  const port = await listening(server);
  return { url: `http://127.0.0.1:${port}`, connections: () => sockets.length, close: () => (sockets.forEach((s) => s.destroy()), server.close()) };
}

/** A node that relays to the real one until it is told to go silent: from then on it accepts and never answers. */
async function relay(target: string): Promise<{ url: string; silence(): void; requestsWhileSilent(): number; close(): void }> {
  const to = new URL(target);
  let silent = false;
  let attempts = 0;
  const sockets: Socket[] = [];
  const server: Server = createTcpServer((client) => {
    sockets.push(client);
    const upstream = connect(Number(to.port), to.hostname);
    sockets.push(upstream);
    client.on('data', (chunk) => (silent ? attempts++ : upstream.write(chunk)));
    upstream.on('data', (chunk) => silent || client.write(chunk));
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  const port = await listening(server);
  return {
    url: `http://127.0.0.1:${port}`,
    silence: () => void (silent = true),
    requestsWhileSilent: () => attempts,
    close: () => (sockets.forEach((s) => s.destroy()), server.close()),
  };
}

const metricValue = async (app: TestApp, name: string, labels: string) => {
  const text = await app.services.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((kv) => l.includes(kv)));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('a node that goes silent', () => {
  let hole: Awaited<ReturnType<typeof blackhole>>;
  beforeAll(async () => void (hole = await blackhole()));
  afterAll(() => hole.close());

  it('is marked dead in the client pool after its first timeout; every later call goes to the live node', async () => {
    // The timeout finds the silent node; it is generous so that the live node is never mistaken for it on a loaded machine.
    const client = new Client({ node: [hole.url, inject('opensearchUrl')], requestTimeout: 5000, maxRetries: 1 });
    const metrics = createMetrics();
    const direct = new DirectCalls(client, 5000, metrics);
    try {
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await direct.post('POST _search', '/_search', { size: 0 }));
      expect(answers.every((a) => a?.status === 200)).toBe(true);
      // One attempt reached the silent node (then it was dead); 40 searches, one retried: the pool, not luck.
      expect(hole.connections()).toBe(1);
      expect((await metrics.registry.getSingleMetricAsString('tessera_opensearch_direct_fallbacks_total')).includes('} ')).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('behind a whole Tessera process: a node that goes silent after start costs one timeout, then every point read answers', async () => {
    const node = await relay(inject('opensearchUrl'));
    const app = await startTestApp('transport-silent', { OPENSEARCH_URL: `${node.url},${inject('opensearchUrl')}`, OPENSEARCH_TIMEOUT_MS: '5000', CHANGE_RELAY_ENABLED: 'false' });
    try {
      const urn = await createDataset(app, 'silent.node');
      node.silence();
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`)).status);
      expect(statuses.filter((s) => s === 200).length).toBe(40);
      // The silent node was tried once (then marked dead), not every other read. A background call of the process
      // (the access snapshot's reload, the job poller) sent to it while that first read was still waiting times out
      // too: one each, before the node is marked dead, never again after.
      expect(node.requestsWhileSilent()).toBeLessThanOrEqual(2);
      expect(await metricValue(app, 'tessera_opensearch_errors_total', 'operation="GET _doc",kind="timeout"')).toBeLessThanOrEqual(1);
    } finally {
      await app.close();
      node.close();
    }
  });
});

describe('a node that refuses', () => {
  let proxy: CountingProxy;
  let app: TestApp;
  beforeAll(async () => {
    proxy = await startCountingProxy(inject('opensearchUrl'));
    app = await startTestApp('transport-refusal', { OPENSEARCH_URL: proxy.url, CHANGE_RELAY_ENABLED: 'false' });
    await createDataset(app, 'refused.one');
    await app.refresh();
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it('answers a 503 once per attempt the client would make (no silent second call), as 503 with Retry-After, counted and logged', async () => {
    proxy.refuse(/_search/, 503);
    proxy.reset();
    const r = await app.request('POST', '/api/graphql', { query: SCROLL, variables: { input: { types: ['DATASET'], query: '*', count: 5 } } });
    proxy.refuse(undefined);
    const searches = proxy.seen.filter((s) => s.includes('_search'));
    // The client's rule for 502/503/504: mark the node dead and retry once (maxRetries 1); one node, so two attempts.
    expect(searches.length).toBe(2);
    expect(r.body.errors[0].extensions).toMatchObject({ code: 503, retryAfterSeconds: expect.any(Number) });
    expect(await metricValue(app, 'tessera_opensearch_errors_total', 'operation="POST _search",kind="status_503"')).toBe(1);
  });

  it('answers a 400 refusal once, mapped as the client maps it (an invalid search)', async () => {
    proxy.refuse(/_search/, 400);
    proxy.reset();
    const r = await app.get('/openapi/v3/entity/dataset?count=5');
    proxy.refuse(undefined);
    expect(proxy.seen.filter((s) => s.includes('_search')).length).toBe(1);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Invalid search: /);
  });
});

describe('over HTTPS with a CA file', () => {
  let dir: string;
  let tls: ReturnType<typeof createHttpsServer>;
  let seen = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const target = new URL(inject('opensearchUrl'));
    tls = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) => {
      seen++;
      const up = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    });
    await listening(tls);
  });
  afterAll(() => tls?.close());

  it('serves point reads, lists and searches through the direct path, with no fall-back', async () => {
    const port = (tls.address() as { port: number }).port;
    const app = await startTestApp('transport-tls', { OPENSEARCH_URL: `https://127.0.0.1:${port}`, OPENSEARCH_CA_FILE: join(dir, 'cert.pem') });
    try {
      const urn = await createDataset(app, 'tls.one');
      await app.refresh();
      const before = seen;
      expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`)).status).toBe(200);
      expect((await app.get('/openapi/v3/entity/dataset?count=5')).body.entities.map((e: { urn: string }) => e.urn)).toContain(urn);
      const searched = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', count: 5 } });
      expect(searched.data.scrollAcrossEntities.searchResults.map((h: any) => h.entity.urn)).toContain(datasetUrn('tls.one'));
      expect(seen - before).toBeGreaterThanOrEqual(3);
      expect(await metricValue(app, 'tessera_opensearch_direct_fallbacks_total', '')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
