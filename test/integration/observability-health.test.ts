/** GET /ready names the check that fails (OpenSearch, indices, bootstrap, reindex); GET /health stays 200. */
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexAdmin } from '../../src/storage/index-admin.js';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const ready = async () => {
  const res = await app.request('GET', '/ready', undefined, { token: null });
  return { status: res.status, body: res.body };
};

beforeAll(async () => {
  app = await startTestApp('readiness');
});
afterAll(() => app?.close());

describe('GET /ready', () => {
  it('answers 200 {ready: true} when every check passes, under / and /gms', async () => {
    expect(await ready()).toEqual({ status: 200, body: { ready: true } });
    expect((await app.request('GET', '/gms/ready', undefined, { token: null })).status).toBe(200);
  });

  it('names a reindex in progress while another process holds the reindex lock', async () => {
    const lease = { type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: 'other-process', leaseUntil: Date.now() + 60_000, params: {} };
    const seq = await app.services.jobStore.createLease('reindex-lock', lease);
    try {
      expect(await ready()).toEqual({ status: 503, body: { ready: false, failing: 'reindex', message: expect.stringContaining('other-process') } });
    } finally {
      await app.services.jobStore.deleteLease('reindex-lock', seq);
    }
    expect((await ready()).status).toBe(200);
  });

  it('names the catalog not bootstrapped when the built-in data types are gone', async () => {
    const urn = 'urn:li:dataType:service.number';
    const saved = await app.raw.get({ index: app.services.names.entity('dataType'), id: urn });
    await app.raw.delete({ index: app.services.names.entity('dataType'), id: urn, refresh: true });
    try {
      expect(await ready()).toMatchObject({ status: 503, body: { ready: false, failing: 'bootstrap' } });
    } finally {
      await app.raw.index({ index: app.services.names.entity('dataType'), id: urn, body: (saved.body as any)._source, refresh: true });
    }
    expect((await ready()).status).toBe(200);
  });

  it('names the missing index', async () => {
    const alias = app.services.names.events();
    const physical = Object.keys((await app.raw.indices.getAlias({ name: alias })).body as object)[0];
    await app.raw.indices.deleteAlias({ index: physical, name: alias });
    try {
      expect(await ready()).toEqual({ status: 503, body: { ready: false, failing: 'indices', message: `Indices missing: ${alias}` } });
    } finally {
      await app.raw.indices.putAlias({ index: physical, name: alias });
    }
    expect((await ready()).status).toBe(200);
  });

  it('names OpenSearch when the cluster does not answer, while /health stays 200', async () => {
    const real = app.services.indices;
    const dead = new Client({ node: 'http://127.0.0.1:9', requestTimeout: 1000, maxRetries: 0 });
    (app.services as { indices: IndexAdmin }).indices = new IndexAdmin(dead, app.services.names);
    try {
      expect(await ready()).toEqual({ status: 503, body: { ready: false, failing: 'opensearch', message: 'OpenSearch is unreachable' } });
      const health = await app.request('GET', '/health', undefined, { token: null });
      expect(health.status).toBe(200);
    } finally {
      (app.services as { indices: IndexAdmin }).indices = real;
      await dead.close();
    }
  });
});
