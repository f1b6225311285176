/** GraphQL on a dataset's context: owners, terms, domain and edited descriptions; facet value ranges and property use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { AGGREGATE, createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, STRING } from './search-helpers.js';

let app: TestApp;
const DS = datasetUrn('ctx.orders');

beforeAll(async () => {
  app = await startTestApp('gql-context');
  await createDataset(app, 'ctx.orders', { description: 'as ingested' });
  const write = async (aspect: string, value: object) => {
    const r = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/${aspect}?createIfNotExists=false`, { value });
    expect(r.status, r.text).toBe(200);
  };
  await write('ownership', { owners: [{ owner: 'urn:li:corpuser:jane', type: 'TECHNICAL_OWNER' }, { owner: 'urn:li:corpGroup:finance', type: 'CUSTOM', typeUrn: 'urn:li:ownershipType:steward' }] });
  await write('glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:Commerce.Order' }], auditStamp: { time: 1, actor: 'urn:li:corpuser:jane' } });
  await write('domains', { domains: ['urn:li:domain:sales'] });
  await write('schemaMetadata', {
    schemaName: 'orders', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
    fields: [{ fieldPath: 'order_id', type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'string' }],
  });
});
afterAll(() => app?.close());

const CONTEXT = `query ds($urn: String!) { dataset(urn: $urn) {
  properties { description } editableProperties { description }
  ownership { owners { owner { __typename ... on CorpUser { urn username } ... on CorpGroup { urn name } } type ownershipType { urn } associatedUrn } }
  glossaryTerms { terms { term { urn name } associatedUrn } }
  domain { domain { urn id } associatedUrn } } }`;

describe('a dataset through GraphQL', () => {
  it('answers its owners, business terms and domain', async () => {
    const r = await app.graphql(CONTEXT, { urn: DS });
    expect(r.errors).toBeUndefined();
    expect(r.data.dataset.ownership.owners).toEqual([
      { owner: { __typename: 'CorpUser', urn: 'urn:li:corpuser:jane', username: 'jane' }, type: 'TECHNICAL_OWNER', ownershipType: { urn: 'urn:li:ownershipType:__system__technical_owner' }, associatedUrn: DS },
      { owner: { __typename: 'CorpGroup', urn: 'urn:li:corpGroup:finance', name: 'finance' }, type: 'CUSTOM', ownershipType: { urn: 'urn:li:ownershipType:steward' }, associatedUrn: DS },
    ]);
    expect(r.data.dataset.glossaryTerms.terms).toEqual([{ term: { urn: 'urn:li:glossaryTerm:Commerce.Order', name: 'Commerce.Order' }, associatedUrn: DS }]);
    expect(r.data.dataset.domain).toEqual({ domain: { urn: 'urn:li:domain:sales', id: 'sales' }, associatedUrn: DS });
    expect(r.data.dataset.editableProperties).toBeNull();
  });

  it('edits the description of the dataset and of a column with updateDescription, keeping what was ingested', async () => {
    const set = (input: object) => app.graphql('mutation d($input: DescriptionUpdateInput!) { updateDescription(input: $input) }', { input });
    expect((await set({ resourceUrn: DS, description: 'Orders, one row each' })).data.updateDescription).toBe(true);
    expect((await set({ resourceUrn: DS, subResourceType: 'DATASET_FIELD', subResource: 'order_id', description: 'the key' })).data.updateDescription).toBe(true);
    const r = await app.graphql(CONTEXT, { urn: DS });
    expect(r.data.dataset.properties.description).toBe('as ingested');
    expect(r.data.dataset.editableProperties.description).toBe('Orders, one row each');
    const editable = (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`)).body.value;
    expect(editable.editableSchemaFieldInfo).toEqual([{ fieldPath: 'order_id', description: 'the key' }]);
    // Clearing: an empty description removes the edited one.
    await set({ resourceUrn: DS, description: '' });
    expect((await app.graphql(CONTEXT, { urn: DS })).data.dataset.editableProperties).toEqual({ description: null });
    // Refusals: a column that does not exist, an entity that is not a dataset, a dataset that does not exist.
    expect((await set({ resourceUrn: DS, subResourceType: 'DATASET_FIELD', subResource: 'nope', description: 'x' })).errors[0].message).toMatch(/nope/);
    expect((await set({ resourceUrn: 'urn:li:tag:pii', description: 'x' })).errors[0].message).toBe('Descriptions are edited on datasets and their columns; urn:li:tag:pii is a tag');
    expect((await set({ resourceUrn: datasetUrn('ctx.none'), description: 'x' })).errors[0].extensions.code).toBe(404);
  });
});

describe('facets', () => {
  it('give value ranges of a number property when asked, and rank properties by use with the propertyUrns facet', async () => {
    await defineProperty(app, 'ctx.size', NUMBER);
    await defineProperty(app, 'ctx.owner', STRING);
    const items = Array.from({ length: 40 }, (_, i) => ({
      urn: datasetUrn(`ctx.sized${i}`),
      datasetProperties: { value: { name: `sized${i}` } },
      structuredProperties: { value: { properties: [{ propertyUrn: propertyUrn('ctx.size'), values: [{ double: i * 10 }] }, ...(i < 5 ? [{ propertyUrn: propertyUrn('ctx.owner'), values: [{ string: 'x' }] }] : [])] } },
    }));
    const w = await app.request('POST', '/openapi/v3/entity/dataset?async=false', items, { headers: { 'x-tessera-wait-for-search': 'true' } });
    expect(w.status, w.text).toBe(200);
    const q = `query agg($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field entitiesWithValue ranges { from to count } aggregations { value count } } } }`;
    const r = await app.graphql(q, { input: { types: ['DATASET'], query: '*', facets: ['structuredProperties.ctx.size', 'propertyUrns', 'tags'] } });
    expect(r.errors).toBeUndefined();
    const [size, used, tags] = r.data.aggregateAcrossEntities.facets;
    expect(size.entitiesWithValue).toBe(40);
    expect(size.ranges.length).toBeGreaterThan(1);
    expect(size.ranges.length).toBeLessThanOrEqual(6);
    expect(size.ranges.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(40);
    expect(size.ranges[0].from).toBe(0);
    expect(size.ranges.at(-1).to).toBe(390);
    for (let k = 1; k < size.ranges.length; k++) expect(size.ranges[k].from).toBeGreaterThan(size.ranges[k - 1].to);
    expect(used.aggregations.slice(0, 2)).toEqual([{ value: propertyUrn('ctx.size'), count: 40 }, { value: propertyUrn('ctx.owner'), count: 5 }]);
    expect(used.ranges).toBeNull();
    expect(tags.ranges).toBeNull();
    // Not asked for, not computed.
    const plain = await app.graphql(AGGREGATE, { input: { types: ['DATASET'], query: '*', facets: ['structuredProperties.ctx.size'] } });
    expect(plain.errors).toBeUndefined();
  });
});
