/**
 * Facets never show what reads hide and never refuse what the original answers: a facet on a soft-deleted property is
 * empty (its values stay hidden), a facet on a property that does not exist — say, just hard-deleted — is empty rather
 * than refused. Error answers stay small
 * whatever a client sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { AGGREGATE, createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, SCROLL, setValues, STRING } from './search-helpers.js';

let app: TestApp;
const LEVEL = propertyUrn('facet.level');
const facetOf = async (name: string) => {
  const res = await app.graphql(AGGREGATE, { input: { types: ['DATASET'], query: '*', facets: [name] } });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.aggregateAcrossEntities.facets[0];
};

beforeAll(async () => {
  app = await startTestApp('facets-hidden');
  await defineProperty(app, 'facet.level', STRING, { allowedValues: [{ value: { string: 'internal' } }, { value: { string: 'public' } }] });
  for (const [name, level] of [['facet.a', 'internal'], ['facet.b', 'internal'], ['facet.c', 'public']]) {
    await createDataset(app, name);
    await setValues(app, datasetUrn(name), { [LEVEL]: [{ string: level }] });
  }
  await app.refresh();
});
afterAll(async () => app?.close());

describe('facets on structured properties', () => {
  it('count a live property', async () => {
    expect((await facetOf('structuredProperties.facet.level')).aggregations.map((a: any) => [a.value, a.count])).toEqual([['internal', 2], ['public', 1]]);
  });

  it('are empty for a soft-deleted property, and count again once it is restored', async () => {
    const status = (removed: boolean) => app.post(`/openapi/v3/entity/structuredproperty/${enc(LEVEL)}/status?createIfNotExists=false`, { value: { removed } });
    expect((await status(true)).status).toBe(200);
    await app.refresh();
    expect((await facetOf('structuredProperties.facet.level')).aggregations).toEqual([]);
    expect((await status(false)).status).toBe(200);
    await app.refresh();
    expect((await facetOf('structuredProperties.facet.level')).aggregations).toHaveLength(2);
  });

  it('are empty, not refused, for a property that does not exist (a script polling a facet after a hard delete)', async () => {
    const facet = await facetOf('structuredProperties.facet.never_defined');
    expect(facet).toMatchObject({ field: 'structuredProperties.facet.never_defined', aggregations: [] });
    // Filters on it are still refused, naming it.
    const filtered = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', count: 5, orFilters: [{ and: [{ field: 'structuredProperties.facet.never_defined', values: ['x'] }] }] } });
    expect(filtered.errors[0].message).toMatch(/no structured property is named facet\.never_defined/);
  });
});

describe('counts of entities with a value', () => {
  it('come from the index, not from the capped list of values: 40 distinct numbers on 40 datasets count 40', async () => {
    const COUNT = propertyUrn('facet.count');
    await defineProperty(app, 'facet.count', NUMBER);
    const items = Array.from({ length: 40 }, (_, i) => ({
      urn: datasetUrn(`facet.n${i}`),
      datasetProperties: { value: { name: `n${i}` } },
      structuredProperties: { value: { properties: [{ propertyUrn: COUNT, values: [{ double: i * 3 }] }] } },
    }));
    expect((await app.post('/openapi/v3/entity/dataset?async=false', items)).status).toBe(200);
    await app.refresh();
    const res = await app.graphql('query a($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field entitiesWithValue aggregations { value count } } } }', {
      input: { types: ['DATASET'], query: '*', facets: ['structuredProperties.facet.count'] },
    });
    const facet = res.data.aggregateAcrossEntities.facets[0];
    expect(facet.aggregations).toHaveLength(20);
    expect(facet.entitiesWithValue).toBe(40);
  });
});

describe('error answers', () => {
  it('name the first problems of a huge wrong-typed array and how many more there are, in a small body', async () => {
    const tags = Array.from({ length: 100_000 }, () => 1);
    const body = JSON.stringify({ value: { tags } });
    expect(body.length).toBeGreaterThan(199_000);
    const r = await app.request('POST', `/openapi/v3/entity/dataset/${enc(datasetUrn('facet.a'))}/globalTags?createIfNotExists=false`, body);
    expect(r.status).toBe(400);
    expect(r.text.length).toBeLessThan(8_000);
    expect(r.body.message).toMatch(/^Invalid globalTags: globalTags\.tags\.0: /);
    expect(r.body.message).toMatch(/; and 99990 more$/);
  });

  it('are bounded on GraphQL too', async () => {
    const tags = Array.from({ length: 20_000 }, (_, i) => `not a urn ${i}`);
    const res = await app.request('POST', '/api/graphql', { query: 'mutation m($input: BatchAddTagsInput!) { batchAddTags(input: $input) }', variables: { input: { tagUrns: tags, resources: [{ resourceUrn: datasetUrn('facet.a') }] } } });
    expect(res.status).toBeLessThan(500);
    expect(res.text.length).toBeLessThan(12_000);
  });
});
