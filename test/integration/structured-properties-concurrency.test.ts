// Concurrent GraphQL upserts of different properties on one dataset: every one must survive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,concurrent_props,PROD)';
const N = 32;
const sp = (i: number) => `urn:li:structuredProperty:conc.p${i}`;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('sp-concurrency');
  await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'concurrent' } });
  for (let i = 0; i < N; i++) {
    const def = { qualifiedName: `conc.p${i}`, valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    const r = await app.post(`/openapi/v2/entity/structuredProperty/${enc(sp(i))}/propertyDefinition`, def);
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(async () => app?.close());

describe('upsertStructuredProperties under concurrency', () => {
  it(`${N} concurrent upserts of different properties on one dataset all survive`, async () => {
    const mutation = `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { structuredProperty { urn } } } }`;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        app.graphql(mutation, { input: { assetUrn: DS, structuredPropertyInputParams: [{ structuredPropertyUrn: sp(i), values: [{ numberValue: i }] }] } }),
      ),
    );
    for (const r of results) expect(r.errors).toBeUndefined();
    const read = await app.graphql(`query { dataset(urn: "${DS}") { structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } } } }`);
    const got = new Map(read.data.dataset.structuredProperties.properties.map((p: any) => [p.structuredProperty.urn, p.values[0].numberValue]));
    expect(got.size).toBe(N);
    for (let i = 0; i < N; i++) expect(got.get(sp(i))).toBe(i);
  });
});
