/**
 * One GraphQL executor: yoga's whole plugin pipeline for every request (first, repeated and compiled runs alike),
 * depth limits that count introspection, and the original client's string booleans in variables.
 */
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, SCROLL, setValues } from './search-helpers.js';

let app: TestApp;
const SIZE = propertyUrn('exec.size');

beforeAll(async () => {
  app = await startTestApp('graphql-executor');
  await defineProperty(app, 'exec.size', NUMBER);
  for (const [name, n] of [['exec.small', 1], ['exec.large', 90]] as const) {
    await createDataset(app, name);
    await setValues(app, datasetUrn(name), { [SIZE]: [{ double: n }] });
  }
  await app.refresh();
});
afterAll(async () => app?.close());

const post = (body: unknown) => app.request('POST', '/api/graphql', body);

describe('introspection', () => {
  it('answers the standard introspection query (as GraphiQL and code generators send it)', async () => {
    const r = await post({ query: getIntrospectionQuery() });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.__schema.queryType.name).toBe('Query');
  });

  it('refuses introspection nested past the depth limit: a plain chain, aliases and a fragment chain', async () => {
    const chain = (n: number) => (n === 0 ? 'name' : `ofType { ${chain(n - 1)} }`);
    const deep = `{ __schema { types { fields { type { ${chain(46)} } } } } }`;
    const aliased = `{ __schema { a: types { b: fields { c: type { ${chain(46).replace(/ofType/g, 'x: ofType')} } } } } }`;
    const fragments = Array.from({ length: 45 }, (_, i) => `fragment F${i} on __Type { ofType { ...F${i + 1} } }`).join(' ') + ' fragment F45 on __Type { name }';
    const viaFragments = `{ __schema { types { fields { type { ...F0 } } } } } ${fragments}`;
    for (const query of [deep, aliased, viaFragments]) {
      const r = await post({ query });
      expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
      expect(r.body.data, r.text.slice(0, 300)).toBeUndefined();
      expect(r.body.errors[0].extensions.code).toBe(400);
      expect(r.body.errors[0].message).toMatch(/depth limit of 24/);
    }
  });
});

describe('string booleans from the original client', () => {
  const filter = (negated: unknown) => ({ input: { types: ['DATASET'], query: '*', count: 10, orFilters: [{ and: [{ field: `structuredProperties.${'exec.size'}`, condition: 'GREATER_THAN', values: ['45'], negated }] }] } });
  const urns = (r: { body: any }) => r.body.data.scrollAcrossEntities.searchResults.map((x: any) => x.entity.urn).sort();

  it('reads "false" and "true" as booleans in variables, answering as the booleans do (first, repeated and compiled runs)', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [text, bool] of [['false', false], ['true', true]] as const) {
        const asText = await post({ query: SCROLL, variables: filter(text) });
        const asBool = await post({ query: SCROLL, variables: filter(bool) });
        expect(asText.body.errors, JSON.stringify(asText.body.errors)).toBeUndefined();
        expect(urns(asText)).toEqual(urns(asBool));
      }
    }
    expect(urns(await post({ query: SCROLL, variables: filter('false') }))).toEqual([datasetUrn('exec.large')]);
  });

  it('still refuses any other string for a Boolean', async () => {
    const r = await post({ query: SCROLL, variables: filter('yes') });
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors[0].message).toMatch(/Boolean cannot represent a non boolean value: "yes"/);
  });
});

describe('one executor', () => {
  it('answers a document alike on its first, second (compiled) and later runs, errors and multi-operation documents included', async () => {
    const documents = [
      { query: 'query q($u: String!) { dataset(urn: $u) { urn properties { name } } }', variables: { u: datasetUrn('exec.small') } },
      { query: 'query q($u: String!) { dataset(urn: $u) { urn properties { name } } }', variables: { u: 'not a urn' } },
      { query: 'query q { a: dataset(urn: "urn:li:dataset:bad") { urn } } query r { __typename }', operationName: 'q' },
      { query: 'query q { a: dataset(urn: "urn:li:dataset:bad") { urn } } query r { __typename }', operationName: 'r' },
      { query: SCROLL, variables: filter() },
      // Variables that do not coerce: graphql-js's refusal on every run, compiled ones included.
      { query: 'query v($u: String!) { dataset(urn: $u) { urn } }', variables: {} },
      { query: 'query v($u: String!) { dataset(urn: $u) { urn } }', variables: { u: 5 } },
      { query: SCROLL, variables: { input: { ...filter().input, count: 'ten' } } },
      { query: SCROLL, variables: { input: { ...filter().input, orFilters: [{ and: [{ field: 'urn', values: ['x'], negated: 'yes' }] }] } } },
    ];
    function filter() {
      return { input: { types: ['DATASET'], query: '*', count: 10 } };
    }
    for (const body of documents) {
      const first = await post(body);
      for (let round = 0; round < 3; round++) {
        const again = await post(body);
        expect([again.status, again.body], JSON.stringify(body).slice(0, 120)).toEqual([first.status, first.body]);
      }
    }
    const refused = await post(documents[5]);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors[0].message).toMatch(/Variable "\$u" of required type "String!" was not provided/);
  });
});
