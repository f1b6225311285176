import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startTestApp, type TestApp } from './harness.js';
import { createDataset } from './search-helpers.js';

// A search that runs out of time is a 504 with a JSON body and Retry-After, never a partial answer or a 500.
let app: TestApp;
let proxy: CountingProxy;

beforeAll(async () => {
  proxy = await startCountingProxy(inject('opensearchUrl'));
  app = await startTestApp('search-timeout', { OPENSEARCH_URL: proxy.url, SEARCH_TIMEOUT_MS: '3000', OPENSEARCH_TIMEOUT_MS: '30000', CHANGE_RELAY_ENABLED: 'false' });
  await createDataset(app, 'db.slow');
  await app.refresh();
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
});

describe('search timeouts', () => {
  it('answer 504 on REST and GATEWAY_TIMEOUT on GraphQL when the engine does not answer in time', async () => {
    // Held far beyond the search timeout, which is itself generous (an ordinary search on a loaded machine must never
    // reach it), and well within the transport's, so the node is not taken for dead.
    proxy.delay(/_search/, 6_000);
    try {
      const rest = await app.get('/openapi/v3/entity/dataset?query=*');
      expect(rest.status, rest.text).toBe(504);
      expect(rest.headers.get('retry-after')).toBe('5');
      expect(rest.body).toEqual({ error: 'Gateway Timeout', message: expect.stringContaining('did not finish in time') });
      const gql = await app.graphql('{ scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 5}) { total } }');
      expect(gql.errors[0].extensions).toEqual({ code: 504, type: 'GATEWAY_TIMEOUT', retryAfterSeconds: 5 });
    } finally {
      proxy.delay(undefined);
    }
    expect((await app.get('/openapi/v3/entity/dataset?query=*')).status).toBe(200);
  });
});
