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
  app = await startTestApp('batch-calls', { OPENSEARCH_URL: proxy.url, CHANGE_RELAY_ENABLED: 'false' });
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
    expect(engineCalls(), engineCalls().join(', ')).toHaveLength(3);
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

  it('take the same 3 calls on the emitter wire (ingestProposalBatch, what the SDK emitter sends), creating and annotating in one batch', async () => {
    const wired = Array.from({ length: 40 }, (_, i) => datasetUrn(`db.wired${i}`));
    const proposal = (urn: string, aspectName: string, value: object) => ({
      entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    });
    const proposals = wired.flatMap((urn, i) => [
      proposal(urn, 'datasetProperties', { name: `w${i}` }),
      proposal(urn, 'structuredProperties', { properties: [{ propertyUrn: SIZE, values: [{ double: i }] }] }),
    ]);
    proxy.reset();
    const r = await app.post('/aspects?action=ingestProposalBatch', { proposals, async: 'false' });
    expect(r.status, r.text).toBe(200);
    const calls = engineCalls().map((c) => c.replace(/\?.*/, '').replace(/^(\w+) \/[^/]+\//, '$1 /<index>/'));
    expect(calls.sort()).toEqual(['POST /<index>/_mget', 'POST /<index>/_mget', 'POST /_bulk']);
    const got = await app.get(`/openapi/v3/entity/dataset/${enc(wired[7])}`);
    expect(got.body.datasetProperties.value.name).toBe('w7');
    expect(got.body.structuredProperties.value.properties[0].values).toEqual([{ double: 7 }]);
  });

  it('batch PATCH proposals with the UPSERTs around them (what `tessera dataset upsert` sends), columns of new datasets included', async () => {
    const patched = Array.from({ length: 30 }, (_, i) => datasetUrn(`db.patched${i}`));
    const proposal = (entityType: string, urn: string, changeType: string, aspectName: string, value: object) => ({
      entityType, entityUrn: urn, changeType, aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    });
    const datasets = patched.flatMap((urn, i) => [
      proposal('dataset', urn, 'PATCH', 'datasetProperties', [{ op: 'add', path: '/name', value: `p${i}` }]),
      proposal('dataset', urn, 'UPSERT', 'structuredProperties', { properties: [{ propertyUrn: SIZE, values: [{ double: i }] }] }),
    ]);
    for (const g of [0, 1, 2]) await defineProperty(app, `calls.col${g}`, NUMBER, { entityTypes: ['urn:li:entityType:datahub.schemaField'] });
    const cols = patched.map((urn, i) => proposal('schemaField', `urn:li:schemaField:(${urn},c)`, 'UPSERT', 'structuredProperties', { properties: [{ propertyUrn: propertyUrn(`calls.col${i % 3}`), values: [{ double: i }] }] }));
    proxy.reset();
    const first = await app.post('/aspects?action=ingestProposalBatch', { proposals: datasets, async: 'false' });
    expect(first.status, first.text).toBe(200);
    const second = await app.post('/aspects?action=ingestProposalBatch', { proposals: cols, async: 'false' });
    expect(second.status, second.text).toBe(200);
    // Datasets: entities, definitions, bulk. Columns: entities, parents, definitions, bulk.
    expect(engineCalls().filter((c) => c.includes('_bulk'))).toHaveLength(2);
    expect(engineCalls().length).toBeLessThanOrEqual(7);
    const got = await app.get(`/openapi/v3/entity/dataset/${enc(patched[7])}`);
    expect(got.body.datasetProperties.value.name).toBe('p7');
    expect(got.body.structuredProperties.value.properties[0].values).toEqual([{ double: 7 }]);
    const col = await app.get(`/openapi/v2/entity/schemaField/${enc(`urn:li:schemaField:(${patched[8]},c)`)}/structuredProperties`);
    expect(col.body.value.properties).toEqual([{ propertyUrn: propertyUrn('calls.col2'), values: [{ double: 8 }] }]);
  });

  it('apply repeated URNs in order in one bulk write (last value wins), and name the proposal a refusal comes from, writing nothing', async () => {
    const urn = datasetUrn('db.repeated');
    const other = datasetUrn('db.repeated.other');
    const proposal = (u: string, aspectName: string, value: object) => ({
      entityType: 'dataset', entityUrn: u, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    });
    const sized = (n: number) => ({ properties: [{ propertyUrn: SIZE, values: [{ double: n }] }] });
    proxy.reset();
    const ok = await app.post('/aspects?action=ingestProposalBatch', {
      proposals: [proposal(urn, 'datasetProperties', { name: 'first' }), proposal(other, 'datasetProperties', { name: 'other' }), proposal(urn, 'structuredProperties', sized(1)), proposal(urn, 'datasetProperties', { name: 'last' }), proposal(urn, 'structuredProperties', sized(2))],
      async: 'false',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(engineCalls(), engineCalls().join(', ')).toHaveLength(3);
    const got = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`);
    expect(got.body.datasetProperties.value.name).toBe('last');
    expect(got.body.structuredProperties.value.properties[0].values).toEqual([{ double: 2 }]);

    const fresh = datasetUrn('db.repeated.refused');
    const refused = await app.post('/aspects?action=ingestProposalBatch', {
      proposals: [proposal(fresh, 'datasetProperties', { name: 'never' }), proposal(fresh, 'structuredProperties', { properties: [{ propertyUrn: propertyUrn('calls.nothing'), values: [{ double: 1 }] }] })],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('proposals[1]');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(fresh)}`)).status).toBe(404);

    // The REST batch answers each item with the entity as that item left it.
    const rest = await app.post('/openapi/v3/entity/dataset?async=false', [
      { urn: other, datasetProperties: { value: { name: 'one' } } },
      { urn: other, datasetProperties: { value: { name: 'two' } } },
    ]);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.map((e: any) => e.datasetProperties.value.name)).toEqual(['one', 'two']);
  });
});
