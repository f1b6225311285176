import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { datasetUrn, defineProperty, NUMBER, propertyUrn } from './search-helpers.js';

// A batch is one engine round trip where the engine allows it: one mget of the entities, one mget of the definitions
// (once for the whole batch), one _bulk for new and existing entities alike.
let app: TestApp;
let proxy: CountingProxy;
const SIZE = propertyUrn('calls.size');
const N = 50;
const urns = Array.from({ length: N }, (_, i) => datasetUrn(`db.calls${i}`));

beforeAll(async () => {
  proxy = await startCountingProxy(inject('opensearchUrl'));
  app = await startTestApp('batch-calls', { OPENSEARCH_URL: proxy.url });
  await defineProperty(app, 'calls.size', NUMBER);
  for (const g of [0, 1, 2]) await defineProperty(app, `calls.group${g}`, NUMBER);
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
});

const engineCalls = () => proxy.seen.filter((c) => !c.includes('/_refresh'));

describe('batch writes', () => {
  it(`create ${N} entities with properties and values in 3 engine calls`, async () => {
    proxy.reset();
    const items = urns.map((urn, i) => ({ urn, datasetProperties: { value: { name: `n${i}` } }, structuredProperties: { value: { properties: [{ propertyUrn: SIZE, values: [{ double: i }] }] } } }));
    const r = await app.post('/openapi/v3/entity/dataset?async=false', items);
    expect(r.status, r.text).toBe(200);
    expect(engineCalls().map((c) => c.replace(/\?.*/, '').replace(/^(\w+) \/[^/]+\//, '$1 /<index>/'))).toEqual(['POST /<index>/_mget', 'POST /<index>/_mget', 'POST /_bulk']);
  });

  it(`update ${N} existing entities in 3 engine calls, conditionally, and read them back`, async () => {
    proxy.reset();
    const items = urns.map((urn, i) => ({ urn, structuredProperties: { value: { properties: [{ propertyUrn: SIZE, values: [{ double: i + 100 }] }] } } }));
    const r = await app.post('/openapi/v3/entity/dataset?async=false', items);
    expect(r.status, r.text).toBe(200);
    expect(engineCalls()).toHaveLength(3);
    for (const i of [0, 25, 49]) {
      const got = await app.get(`/openapi/v3/entity/dataset/${enc(urns[i])}`);
      expect(got.body.datasetProperties.value.name).toBe(`n${i}`);
      expect(got.body.structuredProperties.value.properties[0].values).toEqual([{ double: i + 100 }]);
    }
  });

  it('read every definition a batch names in one call, however many properties its items use', async () => {
    const more = Array.from({ length: 30 }, (_, i) => datasetUrn(`db.groups${i}`));
    proxy.reset();
    const items = more.map((urn, i) => ({
      urn,
      datasetProperties: { value: { name: `g${i}` } },
      structuredProperties: { value: { properties: [{ propertyUrn: propertyUrn(`calls.group${i % 3}`), values: [{ double: i }] }, { propertyUrn: SIZE, values: [{ double: 1 }] }] } },
    }));
    const r = await app.post('/openapi/v3/entity/dataset?async=false', items);
    expect(r.status, r.text).toBe(200);
    const calls = engineCalls().map((c) => c.replace(/\?.*/, '').replace(/^(\w+) \/[^/]+\//, '$1 /<index>/'));
    expect(calls.sort()).toEqual(['POST /<index>/_mget', 'POST /<index>/_mget', 'POST /_bulk']);
    const got = await app.get(`/openapi/v3/entity/dataset/${enc(more[4])}/structuredProperties`);
    expect(got.body.structuredProperties.value.properties).toHaveLength(2);
  });
});
