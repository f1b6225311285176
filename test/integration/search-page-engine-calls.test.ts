/**
 * A search page as the web page asks for it — 20 results with names, descriptions, tags (with their names and colours)
 * and structured property values with their definitions' display names — costs at most 2 engine calls: the search,
 * which returns the hits' documents, and one `_mget` for everything the hits point at. So does the property list.
 * The documents are the web page's own (web/src/api/documents.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';
import { datasetUrn, defineProperty, NUMBER, propertyUrn, STRING } from './search-helpers.js';
import { DEFINITIONS, RESULTS_PAGE } from '../../web/src/api/documents.js';

const PAGE = RESULTS_PAGE;
const LIST = DEFINITIONS;
let proxy: CountingProxy;
let app: TestApp;
const TAGS = ['urn:li:tag:page.pii', 'urn:li:tag:page.gold', 'urn:li:tag:page.raw'];
const RETENTION = propertyUrn('page.retention');
const TIER = propertyUrn('page.tier');

beforeAll(async () => {
  proxy = await startCountingProxy(inject('opensearchUrl'));
  app = await startTestApp('search-page-calls', { OPENSEARCH_URL: proxy.url, CHANGE_RELAY_ENABLED: 'false' });
  await defineProperty(app, 'page.retention', NUMBER, { displayName: 'Retention days' });
  await defineProperty(app, 'page.tier', STRING, { displayName: 'Tier' });
  for (const [i, tag] of TAGS.entries()) {
    expect((await app.post(`/openapi/v3/entity/tag/${encodeURIComponent(tag)}/tagProperties?createIfNotExists=false`, { value: { name: `tag ${i}`, colorHex: `#00000${i}` } })).status).toBe(200);
  }
  const items = Array.from({ length: 25 }, (_, i) => ({
    urn: datasetUrn(`page.ds${String(i).padStart(2, '0')}`),
    datasetProperties: { value: { name: `ds${i}`, description: `dataset number ${i}` } },
    globalTags: { value: { tags: [{ tag: TAGS[i % 3] }, { tag: TAGS[(i + 1) % 3] }] } },
    structuredProperties: { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: i }] }, { propertyUrn: TIER, values: [{ string: `t${i % 2}` }] }] } },
  }));
  expect((await app.post('/openapi/v3/entity/dataset?async=false', items)).status).toBe(200);
  const schema = schemaOf('ds00', 'urn:li:dataPlatform:hive', [column('customer_id', { kind: 'NumberType' }), column('email', { kind: 'StringType' })]);
  expect((await app.post(`/openapi/v3/entity/dataset/${encodeURIComponent(datasetUrn('page.ds00'))}/schemaMetadata?createIfNotExists=false`, { value: schema })).status).toBe(200);
  await app.refresh();
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
});

const engineCalls = () => proxy.seen.filter((c) => !c.includes('/_refresh'));
/**
 * The response cache's reading of the catalog's version (`_stats` of the catalog's indices): a query asked for the
 * second time reads it before it runs, a repeat reads nothing else. It reads no document.
 */
const isVersionRead = (c: string) => /^GET \/[^ ]*\/_stats\/refresh\?level=shards/.test(c);
/** What a page reads beside the version: its hits and what they point at. */
const dataCalls = () => engineCalls().filter((c) => !isVersionRead(c));

describe('a search page', () => {
  it('with names, descriptions, tags and property values makes at most 2 engine calls and answers in full', async () => {
    const input = { types: ['DATASET'], query: '*', count: 20, orFilters: [{ and: [{ field: 'urn', condition: 'CONTAIN', values: ['page.ds'] }] }], sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'ASCENDING' }] } };
    // The first of a pair warms the definitions cache, as any earlier request would have; the cache lives
    // DEFINITION_CACHE_MS (1 s), which a loaded machine may outlive between the two, so pairs are asked for until the
    // second finds it warm (the poll fails only far beyond that second).
    let res: any;
    await expect
      .poll(async () => {
        await app.graphql(PAGE, { input });
        proxy.reset();
        res = await app.graphql(PAGE, { input });
        return dataCalls().length;
      }, { timeout: 30_000, interval: 0 })
      .toBeLessThanOrEqual(2);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(engineCalls().filter(isVersionRead).length).toBeLessThanOrEqual(1);
    const hits = res.data.scrollAcrossEntities.searchResults.map((h: any) => h.entity);
    expect(hits).toHaveLength(20);
    const first = hits[0];
    expect(first).toMatchObject({ urn: datasetUrn('page.ds00'), name: 'page.ds00', properties: { name: 'ds0', description: 'dataset number 0' } });
    expect(first.tags.tags.map((t: any) => t.tag)).toEqual([
      { urn: TAGS[0], properties: { name: 'tag 0', colorHex: '#000000' } },
      { urn: TAGS[1], properties: { name: 'tag 1', colorHex: '#000001' } },
    ]);
    const byName = Object.fromEntries(first.structuredProperties.properties.map((p: any) => [p.structuredProperty.definition.displayName, p.values]));
    expect(byName).toEqual({ 'Retention days': [{ numberValue: 0 }], Tier: [{ stringValue: 't0' }] });
  });

  it('a page asked for again takes one engine call: tags and definitions come from the display cache, and a rename here shows at once', async () => {
    const input = { types: ['DATASET'], query: '*', count: 20, orFilters: [{ and: [{ field: 'urn', condition: 'CONTAIN', values: ['page.ds'] }] }], sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'ASCENDING' }] } };
    // The display cache lives DEFINITION_CACHE_MS (1 s): on a loaded machine a page may outlive it, so pages are asked
    // for in pairs until the second of a pair finds it warm (the poll fails only far beyond that second).
    let warm: any;
    await expect
      .poll(
        async () => {
          await app.graphql(PAGE, { input });
          proxy.reset();
          warm = await app.graphql(PAGE, { input });
          return engineCalls().length;
        },
        { timeout: 15_000, interval: 0 },
      )
      .toBe(1);
    expect(warm.data.scrollAcrossEntities.searchResults[0].entity.tags.tags[0].tag.properties.name).toBe('tag 0');
    expect((await app.post(`/openapi/v3/entity/tag/${encodeURIComponent(TAGS[0])}/tagProperties?createIfNotExists=false`, { value: { name: 'renamed', colorHex: '#000000' } })).status).toBe(200);
    const after = await app.graphql(PAGE, { input });
    expect(after.data.scrollAcrossEntities.searchResults[0].entity.tags.tags[0].tag.properties.name).toBe('renamed');
    expect((await app.post(`/openapi/v3/entity/tag/${encodeURIComponent(TAGS[0])}/tagProperties?createIfNotExists=false`, { value: { name: 'tag 0', colorHex: '#000000' } })).status).toBe(200);
  });

  it('selecting only URNs still reads them from doc values (no documents fetched)', async () => {
    proxy.reset();
    const res = await app.graphql('query q($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { searchResults { entity { urn type } } } }', { input: { types: ['DATASET'], query: '*', count: 20 } });
    expect(res.data.scrollAcrossEntities.searchResults).toHaveLength(20);
    expect(engineCalls()).toHaveLength(1);
  });

  it('reads the column aspects it left out of a page when another field of the request asks for them', async () => {
    const input = { types: ['DATASET'], query: '*', count: 20, sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'ASCENDING' }] }, orFilters: [{ and: [{ field: 'urn', condition: 'CONTAIN', values: ['page.ds'] }] }] };
    const fields = 'schemaMetadata { fields { fieldPath } }';
    const res = await app.graphql(`query q($input: ScrollAcrossEntitiesInput!, $urn: String!) {
      scrollAcrossEntities(input: $input) { searchResults { entity { urn ... on Dataset { name } } } }
      dataset(urn: $urn) { ${fields} } }`, { input, urn: datasetUrn('page.ds00') });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(res.data.dataset.schemaMetadata.fields.map((f: any) => f.fieldPath)).toEqual(['customer_id', 'email']);
    const selected = await app.graphql(`query q($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { searchResults { entity { urn ... on Dataset { ${fields} } } } } }`, { input });
    expect(selected.data.scrollAcrossEntities.searchResults[0].entity.schemaMetadata.fields).toHaveLength(2);
  });

  it('the property list (every definition with its types) makes at most 2 engine calls', async () => {
    await app.graphql(LIST);
    proxy.reset();
    const res = await app.graphql(LIST);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(dataCalls().length, engineCalls().join('\n')).toBeLessThanOrEqual(2);
    expect(engineCalls().filter(isVersionRead).length).toBeLessThanOrEqual(1);
    // Asked for again with nothing changed: the version read alone, once the last change is old enough for an answer
    // to be kept (an answer built within a second of a change is not); the poll fails only far beyond that.
    await expect
      .poll(
        async () => {
          proxy.reset();
          expect(await app.graphql(LIST)).toEqual(res);
          return engineCalls();
        },
        { timeout: 15_000, interval: 200 },
      )
      .toEqual([expect.stringMatching(/_stats\/refresh\?level=shards/)]);
    const names = res.data.searchAcrossEntities.searchResults.map((r: any) => r.entity.definition?.qualifiedName).filter(Boolean).sort();
    expect(names).toEqual(expect.arrayContaining(['page.retention', 'page.tier']));
    const retention = res.data.searchAcrossEntities.searchResults.find((r: any) => r.entity.urn === RETENTION).entity.definition;
    expect(retention).toMatchObject({ displayName: 'Retention days', valueType: { info: { type: 'NUMBER' } }, entityTypes: [{ info: { type: 'DATASET' } }] });
  });
});
