import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, restUrns, scrollUrns } from './search-helpers.js';

// A write is visible to search within one second of its acknowledgement; the opt-in wait makes it visible at once.
let app: TestApp;
const SIZE = propertyUrn('acme.size');

beforeAll(async () => {
  app = await startTestApp('search-visibility');
  await defineProperty(app, 'acme.size', NUMBER);
  await app.refresh();
});
afterAll(async () => app?.close());

const props = (n: number) => ({ value: { properties: [{ propertyUrn: SIZE, values: [{ double: n }] }] } });

describe('visibility to search', () => {
  it('an acknowledged write becomes searchable without any wait: the index refreshes every second', async () => {
    // What bounds visibility is the index's refresh interval; no clock is asserted on a shared machine.
    const settings = await app.raw.indices.getSettings({ index: app.services.names.entity('dataset'), name: 'index.refresh_interval', flat_settings: true });
    expect(Object.values(settings.body as Record<string, { settings: Record<string, string> }>).map((i) => i.settings['index.refresh_interval'])).toEqual(['1s']);
    const ds = await createDataset(app, 'db.eventual');
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(ds)}/structuredProperties?createIfNotExists=false`, props(41));
    expect(w.status).toBe(200);
    let found: string[] = [];
    for (let i = 0; i < 300 && found.length === 0; i++) {
      found = await restUrns(app, 'structuredProperties.acme_size:41');
      if (found.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found).toEqual([ds]);
  });

  it('?waitForSearch=true makes a REST write searchable as soon as it is acknowledged', async () => {
    const urn = datasetUrn('db.waited_param');
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false&waitForSearch=true`, { value: { name: 'waited_param' } });
    expect(w.status).toBe(200);
    const p = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false&waitForSearch=true`, props(42));
    expect(p.status).toBe(200);
    expect(await restUrns(app, 'structuredProperties.acme_size:42')).toEqual([urn]);
  });

  it('the X-Tessera-Wait-For-Search header does the same on REST', async () => {
    const urn = datasetUrn('db.waited_header');
    const headers = { 'X-Tessera-Wait-For-Search': 'true' };
    expect((await app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: 'x' } }, { headers })).status).toBe(200);
    expect((await app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, props(43), { headers })).status).toBe(200);
    expect(await scrollUrns(app, [{ field: 'structuredProperties.acme.size', condition: 'EQUAL', values: ['43'] }])).toEqual([urn]);
  });

  it('and on GraphQL mutations', async () => {
    const urn = datasetUrn('db.waited_graphql');
    expect((await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false&waitForSearch=true`, { value: { name: 'g' } })).status).toBe(200);
    const mutation = `mutation up($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { structuredProperty { urn } } } }`;
    const input = { assetUrn: urn, structuredPropertyInputParams: [{ structuredPropertyUrn: SIZE, values: [{ numberValue: 44 }] }] };
    const res = await app.request('POST', '/api/graphql', { query: mutation, variables: { input } }, { headers: { 'X-Tessera-Wait-For-Search': 'true' } });
    expect(res.body.errors, res.text).toBeUndefined();
    expect(await scrollUrns(app, [{ field: 'structuredProperties.acme.size', condition: 'GREATER_THAN_OR_EQUAL_TO', values: ['44'] }])).toEqual([urn]);
  });

  it('reads by URN are immediate without any wait', async () => {
    const urn = datasetUrn('db.read_now');
    await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: 'now' } });
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`)).status).toBe(200);
  });
});
