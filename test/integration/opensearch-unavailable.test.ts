import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityStore } from '../../src/storage/entity-store.js';
import { IndexAdmin } from '../../src/storage/index-admin.js';
import { enc, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
let realStore: EntityStore;
let realIndices: IndexAdmin;

beforeAll(async () => {
  app = await startTestApp('unavailable');
  realStore = app.services.store;
  realIndices = app.services.indices;
  // Point the running service's storage at a port where nothing listens, as if the cluster went away.
  const dead = new Client({ node: 'http://127.0.0.1:9', requestTimeout: 2000, maxRetries: 0 });
  (app.services as { indices: IndexAdmin }).indices = new IndexAdmin(dead, app.services.names);
  (app.services as { store: EntityStore }).store = new EntityStore(dead, app.services.names, 1000);
});

afterAll(async () => {
  (app.services as { indices: IndexAdmin }).indices = realIndices;
  (app.services as { store: EntityStore }).store = realStore;
  await app?.close();
});

describe('OpenSearch unreachable', () => {
  const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,down,PROD)';

  it('answers reads and writes with 503, Retry-After and a JSON body', async () => {
    for (const r of [
      await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`),
      await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'x' } }),
      await app.get('/openapi/v3/entity/dataset'),
    ]) {
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.body).toEqual({ error: 'Service Unavailable', message: 'OpenSearch is unreachable' });
    }
  });

  it('keeps /health at 200 and says OpenSearch is unreachable; /ready answers 503', async () => {
    const health = await app.request('GET', '/health', undefined, { token: null });
    expect(health.status).toBe(200);
    expect(health.body.opensearch).toBe('unreachable');
    expect((await app.request('GET', '/ready', undefined, { token: null })).status).toBe(503);
  });

  it('reports a GraphQL lookup as SERVICE_UNAVAILABLE (503, with the retry hint) without leaking internals', async () => {
    const res = await app.graphql(`{ dataset(urn: "${DS}") { urn } }`);
    expect(res.data.dataset).toBeNull();
    expect(res.errors[0].extensions).toEqual({ code: 503, type: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(res.errors[0].message).toBe('OpenSearch is unreachable');
  });
});
