import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { AGGREGATE, createDataset, defineProperty, NUMBER, propertyUrn, restSearch, SCROLL, scrollError, setValues } from './search-helpers.js';

// Everything a search refuses: a precise 400 (REST {error, message}) or BAD_REQUEST (GraphQL), never a 500.
let app: TestApp;
const GONE = propertyUrn('acme.gone');
const FIELD = 'structuredProperties.acme_gone';

beforeAll(async () => {
  app = await startTestApp('search-refusals');
  await defineProperty(app, 'acme.gone', NUMBER);
  const ds = await createDataset(app, 'db.t');
  await setValues(app, ds, { [GONE]: [{ double: 7 }] });
  expect((await app.post(`/openapi/v3/entity/structuredProperty/${enc(GONE)}/status?createIfNotExists=false`, { value: { removed: true } })).status).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

async function refused(query: string): Promise<string> {
  const r = await restSearch(app, encodeURIComponent(query));
  expect(r.status, `${query} → ${r.text}`).toBe(400);
  expect(r.body.error).toBe('Validation Error');
  return r.body.message;
}

describe('REST query-string refusals say why and where', () => {
  it.each([
    ['syntax error', 'name:(a OR', /Invalid query: .*at character \d+/],
    ['unmatched parenthesis', 'name:a)', /Unmatched '\)' at character 7/],
    ['unknown field', 'colour:red', /Unknown search field colour.*at character 1/],
    ['_index', '_index:t_x_dataset', /Field _index is internal/],
    ['_id', 'platform:x OR _id:abc', /Field _id is internal.*at character 15/],
    ['stored aspect fields', 'aspects.datasetProperties.value.name:x', /Field aspects\.datasetProperties\.value\.name is internal/],
    ['_exists_ on an internal field', '_exists_:aspects', /Field aspects is internal/],
    ['leading wildcard', 'name:*abc', /Leading wildcards are not supported \("\*abc"\) at character 6/],
    ['regular expression', 'name:/ab.*/', /Regular expressions are not supported at character 6/],
    ['fuzzy distance 2', 'name:abc~2', /Fuzzy edit distance above 1 is not supported \("~2"\) at character 9/],
    ['too many clauses', Array.from({ length: 65 }, (_, i) => `name:n${i}`).join(' OR '), /Query has 65 clauses; at most 64 are allowed/],
    ['too many characters', `name:${'x'.repeat(2000)}`, /Query is 2005 characters long; at most 2000 are allowed/],
    ['unknown structured property', 'structuredProperties.acme_nope:>4', /no structured property is named acme_nope/],
    ['malformed versioned field', 'structuredProperties._versioned.acme_gone:1', /Invalid versioned structured property field/],
    ['range on a number with a word', 'structuredProperties.acme_x:>abc OR name:x', /structuredProperties\.acme_x/],
  ])('%s', async (_what, query, message) => {
    expect(await refused(query)).toMatch(message);
  });

  it('a filter on a soft-deleted property', async () => {
    expect(await refused(`${FIELD}:>4`)).toContain(`Cannot filter on deleted Structured Property [${GONE}]`);
    expect(await refused(`_exists_:${FIELD}`)).toContain(`Cannot filter on deleted Structured Property [${GONE}]`);
  });

  it('bad paging parameters', async () => {
    const r = await app.get('/openapi/v3/entity/dataset?count=-1');
    expect(r.status).toBe(400);
  });
});

describe('GraphQL refusals are BAD_REQUEST', () => {
  it('a filter on a soft-deleted property, while a facet on it answers empty (reads hide its values)', async () => {
    const err = await scrollError(app, [{ field: 'structuredProperties.acme.gone', condition: 'EXISTS' }]);
    expect(err).toMatchObject({ type: 'BAD_REQUEST', code: 400 });
    expect(err.message).toContain(`Cannot filter on deleted Structured Property [${GONE}]`);
    const facet = await app.graphql(AGGREGATE, { input: { types: ['DATASET'], query: '*', facets: ['structuredProperties.acme.gone'] } });
    expect(facet.errors).toBeUndefined();
    expect(facet.data.aggregateAcrossEntities.facets[0].aggregations).toEqual([]);
  });

  it.each([
    ['_index', /Field _index is internal/],
    ['aspects.status.value.removed', /is internal/],
    ['colour', /Unknown search field colour/],
    ['structuredProperties.acme.nope', /no structured property is named acme\.nope/],
  ])('filter field %s', async (field, message) => {
    const err = await scrollError(app, [{ field, values: ['x'] }]);
    expect(err.type).toBe('BAD_REQUEST');
    expect(err.message).toMatch(message);
  });

  it('query-string refusals, bad scroll ids, counts and facets', async () => {
    const q = (input: Record<string, unknown>) => app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', ...input } });
    const bad = [
      await q({ query: 'name:abc~2' }),
      await q({ query: 'name:*abc' }),
      await q({ scrollId: 'not-a-scroll-id' }),
      await q({ scrollId: Buffer.from(JSON.stringify({ s: [1] })).toString('base64url') }),
      await q({ count: -5 }),
      await app.graphql(AGGREGATE, { input: { query: '*', facets: ['description'] } }),
      await app.graphql(AGGREGATE, { input: { query: '*', facets: ['_entityType\u241Eowners'] } }),
      await app.graphql(AGGREGATE, { input: { query: '*', facets: ['tags'], searchFlags: { maxAggValues: 0 } } }),
    ];
    for (const res of bad) {
      expect(res.errors, JSON.stringify(res)).toHaveLength(1);
      expect(res.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    }
    expect(bad[0].errors[0].message).toContain('Fuzzy edit distance above 1');
  });
});
