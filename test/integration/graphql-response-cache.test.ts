/**
 * The GraphQL response cache against the real node: a query asked again (from its third time on) is answered from it
 * while the catalog is unchanged, and never once anything it shows changed — written through this process or another one, including the
 * display data other caches may give up to a second late; answers that read change records are never kept; each
 * caller has their own.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, graphqlData, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;
let other: TestApp;
const PROP = 'urn:li:structuredProperty:io.acme.cache.tier';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,cache.${name},PROD)`;
const PAGE = `query page($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { total searchResults { entity { urn
  ... on Dataset { properties { name } tags { tags { tag { urn properties { name } } } }
    structuredProperties { properties { structuredProperty { urn definition { displayName } } values { ... on StringValue { stringValue } } } } } } } } }`;
const input = { types: ['DATASET'], query: '*', count: 20, sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'ASCENDING' }] } };

async function ok(res: Promise<{ status: number; text: string; body: any }>, status = 200) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

/** The response cache's outcomes so far, from /metrics. */
async function outcomes(of: TestApp): Promise<Record<string, number>> {
  const text = (await of.request('GET', '/metrics')).text;
  const out: Record<string, number> = { hit: 0, miss: 0, first: 0, skip: 0 };
  for (const m of text.matchAll(/^tessera_graphql_response_cache_total\{outcome="(\w+)"\} (\d+)/gm)) out[m[1]] = Number(m[2]);
  return out;
}

const page = async (of: TestApp) => (await graphqlData(of, PAGE, { input })).scrollAcrossEntities;
const shown = (p: any) =>
  p.searchResults.map((r: any) => [
    r.entity.properties?.name,
    r.entity.tags?.tags.map((t: any) => t.tag.properties?.name ?? t.tag.urn) ?? [],
    r.entity.structuredProperties?.properties.map((s: any) => [s.structuredProperty.definition.displayName, s.values[0]?.stringValue]) ?? [],
  ]);

beforeAll(async () => {
  app = await startTestApp('respcache');
  other = await startTestApp('respcache-other', { INDEX_PREFIX: app.prefix, CHANGE_RELAY_ENABLED: 'false' });
  const definition = { qualifiedName: 'io.acme.cache.tier', displayName: 'Tier', valueType: 'urn:li:dataType:datahub.string', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
  await ok(app.request('POST', `/openapi/v3/entity/structuredProperty/${enc(PROP)}/propertyDefinition`, { value: definition }));
  await ok(app.request('POST', `/openapi/v3/entity/tag/${enc('urn:li:tag:gold')}/tagProperties`, { value: { name: 'gold' } }));
  for (const n of ['a', 'b']) {
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(ds(n))}/datasetProperties`, { value: { name: n } }));
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(ds(n))}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: PROP, values: [{ string: 'one' }] }] } }));
  }
  await app.refresh();
});

afterAll(async () => {
  await other?.close({ keepIndices: true });
  await app?.close();
});

describe('the GraphQL response cache', () => {
  it('answers a page asked again from the cache, exactly as it ran', async () => {
    // The relay's refresh after the set-up's writes changes the catalog's version, and an answer built within a second of
    // a change is not kept for long: asked in pairs until one pair is a hit (the poll fails only far beyond that second).
    let first: any;
    await expect
      .poll(
        async () => {
          first = await page(app);
          const before = await outcomes(app);
          expect(await page(app)).toEqual(first);
          return (await outcomes(app)).hit - before.hit;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(1);
    expect(shown(first)).toEqual([['a', [], [['Tier', 'one']]], ['b', [], [['Tier', 'one']]]]);
  });

  it('never answers what a write through this process or another one changed', async () => {
    await page(app);
    await page(app);
    // Another process adds a tag (the write waits for search, as a client that reads right after would ask).
    await ok(other.request('POST', `/openapi/v3/entity/dataset/${enc(ds('a'))}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:gold' }] } }, { headers: { 'x-tessera-wait-for-search': 'true' } }));
    expect(shown(await page(app))[0][1]).toEqual(['gold']);
    // This process changes a value.
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(ds('b'))}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: PROP, values: [{ string: 'two' }] }] } }, { headers: { 'x-tessera-wait-for-search': 'true' } }));
    expect(shown(await page(app))[1][2]).toEqual([['Tier', 'two']]);
    // A point read through GraphQL sees another process's write at once too (a real-time read of the document).
    const name = `{ dataset(urn: "${ds('a')}") { properties { name } } }`;
    expect((await graphqlData(app, name)).dataset.properties.name).toBe('a');
    await ok(other.request('POST', `/openapi/v3/entity/dataset/${enc(ds('a'))}/datasetProperties?createIfNotExists=false`, { value: { name: 'a2' } }));
    expect((await graphqlData(app, name)).dataset.properties.name).toBe('a2');
  });

  it('gives display data another process changed no later than the definition cache does, and not for longer', async () => {
    // This process remembers the definition (a page run just now: a write first, so that it is not answered from the
    // cache); then another process renames it, its record is relayed and everything is searchable: nothing changes
    // the catalog's version after that.
    await ok(other.request('POST', `/openapi/v3/entity/dataset/${enc(ds('b'))}/datasetProperties?createIfNotExists=false`, { value: { name: 'b' } }, { headers: { 'x-tessera-wait-for-search': 'true' } }));
    await app.services.relay.tick();
    expect(shown(await page(app))[1][2][0][0]).toBe('Tier');
    const definition = { qualifiedName: 'io.acme.cache.tier', displayName: 'Service tier', valueType: 'urn:li:dataType:datahub.string', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
    await ok(other.request('POST', `/openapi/v3/entity/structuredProperty/${enc(PROP)}/propertyDefinition?createIfNotExists=false`, { value: definition }));
    await app.services.relay.tick();
    await app.refresh();
    // Within DEFINITION_CACHE_MS this process may still show the old name, and that answer may be kept ...
    await page(app);
    await page(app);
    await sleep(1_300);
    // ... but once the definition cache has let it go, no kept answer shows it.
    expect(shown(await page(app))[1][2][0][0]).toBe('Service tier');
    expect(shown(await page(app))[1][2][0][0]).toBe('Service tier');
  });

  it('is not emptied by token use (each use writes its last use, which the version does not cover)', async () => {
    const made = await ok(app.request('POST', '/openapi/v3/tokens', { actorUrn: 'urn:li:corpuser:tester', duration: 'ONE_DAY', name: 'cache' }), 201);
    const asked = `{ dataset(urn: "${ds('b')}") { properties { name } } }`;
    for (let i = 0; i < 2; i++) await graphqlData(app, asked);
    const before = await outcomes(app);
    // Each first use of a stored token in a process writes its last use into the tokens index.
    for (const of of [app, other]) expect((await of.request('GET', '/openapi/v3/me', undefined, { token: made.accessToken })).status).toBe(200);
    await expect.poll(async () => (await app.request('GET', `/openapi/v3/tokens?actorUrn=${enc('urn:li:corpuser:tester')}`)).body.tokens.find((t: any) => t.id === made.metadata.id)?.lastUsedAt ?? null).not.toBeNull();
    await graphqlData(app, asked);
    const after = await outcomes(app);
    expect(after.hit - before.hit).toBe(1);
  });

  it('keeps no answer that read change records, and keeps each caller their own', async () => {
    // With nothing left to relay, a catalog read asked three times is run, run and kept, then a hit; a history page
    // asked four times is never a hit.
    await app.services.relay.tick();
    const catalog = `{ dataset(urn: "${ds('a')}") { properties { description } } }`;
    const history = `{ history(input: {urn: "${ds('a')}", count: 5}) { count } }`;
    const before = await outcomes(app);
    for (let i = 0; i < 4; i++) await graphqlData(app, history);
    for (let i = 0; i < 3; i++) await graphqlData(app, catalog);
    const after = await outcomes(app);
    expect([after.first - before.first, after.hit - before.hit]).toEqual([2, 1]);

    const me = `{ me { corpUser { urn } } }`;
    const jane = await mintToken(TEST_SECRET, 'urn:li:corpuser:jane', 600);
    const john = await mintToken(TEST_SECRET, 'urn:li:corpuser:john', 600);
    for (let i = 0; i < 2; i++) {
      expect((await app.graphql(me, undefined, { token: jane })).data.me.corpUser.urn).toBe('urn:li:corpuser:jane');
      expect((await app.graphql(me, undefined, { token: john })).data.me.corpUser.urn).toBe('urn:li:corpuser:john');
    }
  });
});
