import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp, type TestResponse } from './harness.js';
import { createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, setValues } from './search-helpers.js';

// Generated URNs, bodies, patch documents and query strings against a running service: no 5xx, every refusal a JSON
// message, and every entity touched still readable afterwards. Runs are bounded so the file takes seconds.
let app: TestApp;
const DS = datasetUrn('db.fuzzed');
const RUNS = 120;
let requests = 0;
let refused = 0;

beforeAll(async () => {
  app = await startTestApp('fuzz');
  await defineProperty(app, 'fuzz.size', NUMBER);
  await createDataset(app, 'db.fuzzed', { description: 'target' });
  await setValues(app, DS, { [propertyUrn('fuzz.size')]: [{ double: 1 }] });
});
afterAll(async () => {
  process.stderr.write(`[fuzz] ${requests} generated requests, ${refused} refused with a 4xx, 0 answered with a 5xx\n`);
  await app?.close();
});

function answered(r: TestResponse, what: string): void {
  requests++;
  expect(r.status, `${what} → ${r.status} ${r.text.slice(0, 300)}`).toBeLessThan(500);
  if (r.status >= 400) {
    refused++;
    expect(typeof r.body?.message, `${what} → ${r.text.slice(0, 300)}`).toBe('string');
  }
}

function graphqlAnswered(r: TestResponse, what: string): void {
  requests++;
  expect(r.status, `${what} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
  for (const e of r.body?.errors ?? []) expect(e.extensions?.code, `${what} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
}

const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ maxLength: 10 }));
const urnLike = fc.oneof(
  anyText,
  anyText.map((s) => `urn:li:dataset:(urn:li:dataPlatform:hive,${s},PROD)`),
  fc.tuple(fc.constantFrom('dataset', 'tag', 'schemaField', 'structuredProperty', 'chart', ''), anyText).map(([t, s]) => `urn:li:${t}:${s}`),
);
const hostileKey = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'aspects', 'urn', '_source'));
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }), fc.array(tie('value'), { maxLength: 3 })),
})).value;

describe('generated input never earns a 5xx', () => {
  it('URNs on REST v2/v3 reads and writes, and GraphQL lookups', async () => {
    await fc.assert(
      fc.asyncProperty(urnLike, async (urn) => {
        answered(await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`), `GET v3 ${JSON.stringify(urn)}`);
        answered(await app.get(`/openapi/v2/entity/tag/${enc(urn)}/status`), `GET v2 ${JSON.stringify(urn)}`);
        answered(await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/status?createIfNotExists=false`, { value: { removed: false } }), `POST ${JSON.stringify(urn)}`);
        graphqlAnswered(await app.request('POST', '/api/graphql', { query: 'query q($u: String!) { entity(urn: $u) { urn type } }', variables: { u: urn } }), `entity ${JSON.stringify(urn)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('aspect bodies, whole and in batches', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJson, fc.constantFrom('datasetProperties', 'structuredProperties', 'globalTags', 'status', 'schemaMetadata'), async (value, aspect) => {
        answered(await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/${aspect}?createIfNotExists=false`, { value }), `POST ${aspect} ${JSON.stringify(value)}`);
        answered(await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/${aspect}`, value), `POST v2 ${aspect} ${JSON.stringify(value)}`);
        answered(await app.post('/openapi/v3/entity/dataset?async=false', [{ urn: DS, [aspect]: { value } }]), `batch ${aspect} ${JSON.stringify(value)}`);
        answered(await app.request('POST', `/openapi/v3/entity/dataset/${enc(DS)}/${aspect}`, value), `raw body ${JSON.stringify(value)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('patch documents', async () => {
    const op = fc.record({
      op: fc.oneof(fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test'), fc.string({ maxLength: 6 })),
      path: fc.oneof(anyText, fc.array(fc.oneof(hostileKey, fc.constantFrom('-', '0', 'customProperties', 'properties', '~1', '~0')), { maxLength: 4 }).map((s) => `/${s.join('/')}`)),
      value: hostileJson,
      from: fc.option(fc.constantFrom('/description', '/customProperties', '/x'), { nil: undefined }),
    });
    const body = fc.oneof(fc.array(op, { maxLength: 4 }), fc.record({ patch: fc.array(op, { maxLength: 3 }), arrayPrimaryKeys: fc.option(fc.dictionary(hostileKey, fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 })), { nil: undefined }) }), hostileJson);
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('datasetProperties', 'structuredProperties', 'globalTags'), async (patch, aspect) => {
        answered(await app.patch(`/openapi/v3/entity/dataset/${enc(DS)}/${aspect}`, patch), `PATCH ${aspect} ${JSON.stringify(patch)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('query strings on REST search and GraphQL scroll', async () => {
    const token = fc.oneof(
      anyText,
      fc.constantFrom('*', '?', 'AND', 'OR', 'NOT', '(', ')', '"', ':', '>', '<=', '[', ']', '{', '}', 'TO', '~2', '^3', '/re.*/', '\\', '_exists_:', 'structuredProperties.fuzz_size:', 'structuredProperties.fuzz.size:>', 'name:', 'urn:', 'aspects.x:', '_source:'),
    );
    const query = fc.array(token, { maxLength: 6 }).map((t) => t.join(' '));
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        answered(await app.get(`/openapi/v3/entity/dataset?count=5&query=${encodeURIComponent(q)}`), `REST query ${JSON.stringify(q)}`);
        graphqlAnswered(
          await app.request('POST', '/api/graphql', { query: 'query s($q: String!) { scrollAcrossEntities(input: {types: [DATASET], query: $q, count: 5}) { total } }', variables: { q } }),
          `scroll ${JSON.stringify(q)}`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('leaves every entity it touched readable through REST and GraphQL', async () => {
    const rest = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}`);
    expect(rest.status, rest.text).toBe(200);
    const gql = await app.graphql(`{ dataset(urn: "${DS}") { urn properties { name description } structuredProperties { properties { values { ... on NumberValue { numberValue } } } } } }`);
    expect(gql.errors, JSON.stringify(gql.errors)).toBeUndefined();
    expect(gql.data.dataset.urn).toBe(DS);
    const list = await app.get('/openapi/v3/entity/dataset?count=100');
    expect(list.status, list.text).toBe(200);
  });
});
