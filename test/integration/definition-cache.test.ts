import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { createDataset, defineProperty, NUMBER, propertyUrn, restSearch, setValues } from './search-helpers.js';

// Two Tessera processes on one catalog. Reads and searches may use definitions up to DEFINITION_CACHE_MS (1 s) old;
// writes never do. A change through one process binds the other's writes at once and its searches within the second.
let a: TestApp;
let b: TestApp;
const SIZE = propertyUrn('cache.size');

beforeAll(async () => {
  a = await startTestApp('definition-cache');
  b = await startTestApp('definition-cache-b', { INDEX_PREFIX: a.prefix });
  await defineProperty(a, 'cache.size', NUMBER);
  await createDataset(a, 'db.cached');
  await a.refresh();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.cached,PROD)';
const value = (n: number) => ({ value: { properties: [{ propertyUrn: SIZE, values: [{ double: n }] }] } });

describe('the definitions cache across processes', () => {
  it('a soft delete through one process refuses the other process’s next write at once, and its searches soon after', async () => {
    await setValues(a, ds, { [SIZE]: [{ double: 1 }] });
    // Process A has just used the definition for a read and a search, so it remembers it.
    expect((await a.get(`/openapi/v3/entity/dataset/${enc(ds)}/structuredProperties`)).status).toBe(200);
    expect((await restSearch(a, encodeURIComponent('structuredProperties.cache_size:>0'))).status).toBe(200);

    const del = await b.post(`/openapi/v3/entity/structuredProperty/${enc(SIZE)}/status?createIfNotExists=false`, { value: { removed: true } });
    expect(del.status, del.text).toBe(200);

    const write = await a.post(`/openapi/v3/entity/dataset/${enc(ds)}/structuredProperties?createIfNotExists=false`, value(2));
    expect(write.status, write.text).toBe(400);
    expect(write.body.message).toMatch(/soft deleted|deleted/i);

    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = (await restSearch(a, encodeURIComponent('structuredProperties.cache_size:>0'))).status === 400;
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
  });

  it('a change through a process is seen by that process’s own reads and searches at once', async () => {
    const restore = await a.post(`/openapi/v3/entity/structuredProperty/${enc(SIZE)}/status?createIfNotExists=false`, { value: { removed: false } });
    expect(restore.status, restore.text).toBe(200);
    const read = await a.get(`/openapi/v3/entity/dataset/${enc(ds)}/structuredProperties`);
    expect(read.body.structuredProperties.value.properties).toEqual([{ propertyUrn: SIZE, values: [{ double: 1 }] }]);
    expect((await restSearch(a, encodeURIComponent('structuredProperties.cache_size:>0'))).status).toBe(200);
    const gql = await a.graphql(`{ structuredProperty(urn: "${SIZE}") { definition { qualifiedName } } }`);
    expect(gql.data.structuredProperty.definition.qualifiedName).toBe('cache.size');
  });
});
