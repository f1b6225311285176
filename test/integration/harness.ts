/** Starts a real Tessera app on its own index prefix against the shared OpenSearch node, with HTTP helpers. */
import type { Server } from 'node:http';
import { expect, inject } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { bootstrapCatalog } from '../../src/catalog/bootstrap.js';
import { mintToken } from '../../src/auth/tokens.js';
import { createRequestListener } from '../../src/http/pipeline.js';
import { listen } from '../../src/http/listen.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { JobRunner } from '../../src/jobs/job-queue.js';
import { createLogger } from '../../src/logger.js';
import { createServices, type Services } from '../../src/services.js';
import { encodeUrn } from '../../src/model/urn.js';
import { Client } from '@opensearch-project/opensearch';
import { claimIndexSlot } from './index-sets.js';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface TestApp {
  url: string;
  prefix: string;
  services: Services;
  /** A plain OpenSearch client on the same node, for tests that inspect or disturb what the store holds. */
  raw: Client;
  token: string;
  request(method: string, path: string, body?: unknown, opts?: { token?: string | null; contentType?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  get(path: string): Promise<TestResponse>;
  post(path: string, body: unknown): Promise<TestResponse>;
  patch(path: string, body: unknown): Promise<TestResponse>;
  del(path: string): Promise<TestResponse>;
  /** POST /api/graphql; returns the parsed body ({data, errors, extensions}). */
  graphql(query: string, variables?: Record<string, unknown>, opts?: { token?: string | null }): Promise<any>;
  /** Runs due background jobs now instead of waiting for the poller. */
  runJobs(): Promise<number>;
  refresh(): Promise<void>;
  /** Stops the app and deletes its indices (`keepIndices`: another app on the same prefix goes on using them). */
  close(opts?: { keepIndices?: boolean }): Promise<void>;
}

/** Percent-encodes a URN for a path segment, as clients must. */
export const enc = encodeUrn;

/** Runs a GraphQL operation that must succeed and answers its `data`. */
export async function graphqlData(app: TestApp, query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await app.graphql(query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** `name` says what the app is for where a test starts several; its index set is named by worker and slot. */
export async function startTestApp(name: string, env: Record<string, string> = {}): Promise<TestApp> {
  // The plain client goes straight to the node, whatever proxy or TLS front the app under test is pointed at.
  const raw = new Client({ node: inject('opensearchUrl') });
  // An app of its own gets an index set this worker hands on between files; one named by the test shares that set.
  const slot = env.INDEX_PREFIX ? undefined : await claimIndexSlot(raw);
  const prefix = env.INDEX_PREFIX ?? slot!.prefix;
  const config = loadConfig({
    INDEX_PREFIX: prefix,
    AUTH_MODE: 'jwt',
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    OPENSEARCH_URL: inject('opensearchUrl'),
    // The node is shared by every worker and, in CI, by the fault and cluster suites' processes on two cores: a call can
    // wait there far past the 5 s a quiet node allows (a token issued during the fault suite answered 503 on that).
    OPENSEARCH_TIMEOUT_MS: '30000',
    // Suites about features act as an administrator; the access suites set the real default (Reader) themselves.
    DEFAULT_ROLE: 'Admin',
    ...env,
  });
  const services = await createServices(config, createLogger(config.LOG_LEVEL), config.OPENSEARCH_URL!, config.AUTH_SECRET);
  await bootstrapCatalog(services);
  await slot?.started(raw);
  const runner = new JobRunner(services, jobHandlers);
  // The relay's loop runs only in files that ask for it (CHANGE_RELAY_ENABLED=true): the others relay when they read
  // what it writes (relay.tick()), and an idle loop per app would only load the node the other workers share.
  if (env.CHANGE_RELAY_ENABLED === 'true') services.relay.start();
  const server: Server = await listen(createRequestListener(services), 0, '127.0.0.1', config.MAX_HEADER_BYTES);
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;
  const token = await mintToken(TEST_SECRET, 'urn:li:corpuser:tester', 3600);

  const request: TestApp['request'] = async (method, path, body, opts = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(opts.headers ?? {}) };
    const tok = opts.token === undefined ? token : opts.token;
    if (tok) headers.authorization = `Bearer ${tok}`;
    if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };

  return {
    url,
    prefix,
    services,
    raw,
    token,
    request,
    get: (p) => request('GET', p),
    post: (p, b) => request('POST', p, b),
    patch: (p, b) => request('PATCH', p, b, { contentType: 'application/json-patch+json' }),
    del: (p) => request('DELETE', p),
    async graphql(query, variables, opts) {
      const res = await request('POST', '/api/graphql', { query, variables }, opts);
      return res.body;
    },
    runJobs: () => runner.runOnce(),
    refresh: async () => void (await raw.indices.refresh({ index: `${prefix}*` })),
    async close(opts = {}) {
      runner.stop();
      // Every connection ends now: a browser's preconnected socket, which has sent no request, is not idle to Node and
      // would hold close() open for the whole head timeout (66 s).
      const closed = new Promise((r) => server.close(() => r(undefined)));
      server.closeAllConnections();
      await closed;
      await services.relay.stop();
      if (!opts.keepIndices) await (slot ? slot.release(raw) : raw.indices.delete({ index: `${prefix}*` }, { ignore: [404] }));
      await Promise.all([raw.close(), services.close()]);
    },
  };
}
