// The specification's structured property walkthrough: create (REST v2, v3, GraphQL), list, get, set on a dataset and a column, patch, read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';
const COLUMN = `urn:li:schemaField:(${DS},user_name)`;
const FLOW = 'urn:li:dataFlow:(airflow,daily_users,prod)';
const JOB = `urn:li:dataJob:(${FLOW},load_users)`;
const RETENTION = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const RETENTION02 = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime02';
const GQL_RETENTION = 'urn:li:structuredProperty:retentionTime';
const CERTIFIER = 'urn:li:structuredProperty:io.acryl.dataManagement.certifier';

const retentionDef = {
  qualifiedName: 'io.acryl.privacy.retentionTime',
  valueType: 'urn:li:dataType:service.number',
  description: 'Retention Time is used to figure out how long to retain records in a dataset',
  displayName: 'Retention Time',
  entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataFlow'],
  cardinality: 'MULTIPLE',
  allowedValues: [
    { value: { double: 30 }, description: '30 days, usually reserved for datasets that are ephemeral and contain pii' },
    { value: { double: 60 }, description: 'Use this for datasets that drive monthly reporting but contain pii' },
    { value: { double: 90 }, description: 'Use this for datasets that drive quarterly reporting' },
    { value: { double: 365 }, description: 'Use this for non-sensitive data that can be retained for longer' },
  ],
};
const retention02Def = {
  qualifiedName: 'io.acryl.privacy.retentionTime02',
  displayName: 'Retention Time 02',
  valueType: 'urn:li:dataType:service.string',
  allowedValues: [
    { value: { string: 'foo2' }, description: 'test foo2 value' },
    { value: { string: 'bar2' }, description: 'test bar2 value' },
  ],
  cardinality: 'SINGLE',
  entityTypes: ['urn:li:entityType:service.dataset'],
};

const VALUES_QUERY = `query($urn: String!) { dataset(urn: $urn) { structuredProperties { properties {
  structuredProperty { urn type definition { displayName description allowedValues { description } } }
  values { ... on StringValue { stringValue } ... on NumberValue { numberValue } }
  valueEntities { urn type } associatedUrn } } } }`;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('sp-walkthrough');
  for (const [type, urn, aspect, value] of [
    ['dataset', DS, 'datasetProperties', { name: 'fct_users_created' }],
    ['dataFlow', FLOW, 'dataFlowInfo', { name: 'daily users' }],
    ['dataJob', JOB, 'dataJobInfo', { name: 'load users', type: { string: 'COMMAND' } }],
  ] as const) {
    const r = await app.post(`/openapi/v3/entity/${type}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
    expect(r.status, `${type}: ${r.text}`).toBe(200);
  }
});
afterAll(async () => app?.close());

describe('structured property definitions', () => {
  it('creates a definition with REST v2 (endpoint 1) and reads it back with v2 and v3 exactly as written (endpoints 3, 4)', async () => {
    const w = await app.post(`/openapi/v2/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition`, retentionDef);
    expect(w.status, w.text).toBe(200);
    const v2 = await app.get(`/openapi/v2/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition`);
    expect(v2.status).toBe(200);
    expect(v2.body).toEqual({ value: retentionDef });
    expect(v2.text).toContain('"double":30.0');
    expect(v2.text).not.toContain('immutable');
    const v3 = await app.get(`/openapi/v3/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition`);
    expect(v3.body).toEqual({ urn: RETENTION, propertyDefinition: { value: retentionDef } });
  });

  it('creates a definition with REST v3 (endpoint 2) and answers with the urn and the definition', async () => {
    const w = await app.post(`/openapi/v3/entity/structuredProperty/${enc(RETENTION02)}/propertyDefinition`, { value: retention02Def });
    expect(w.status, w.text).toBe(200);
    expect(w.body).toEqual({ urn: RETENTION02, propertyDefinition: { value: retention02Def } });
  });

  it('creates a definition with GraphQL and reads it with structuredProperty(urn)', async () => {
    const created = await app.graphql(`mutation { createStructuredProperty(input: {
        id: "retentionTime", qualifiedName: "retentionTime", displayName: "Retention Time", description: "Retention Time is used to figure out how long to retain records in a dataset",
        valueType: "urn:li:dataType:datahub.number",
        allowedValues: [{ numberValue: 30, description: "30 days" }, { numberValue: 90, description: "90 days" }, { numberValue: 365, description: "365 days" }],
        cardinality: SINGLE, entityTypes: ["urn:li:entityType:datahub.dataset", "urn:li:entityType:datahub.dataFlow"] }) { urn } }`);
    expect(created).toEqual({ data: { createStructuredProperty: { urn: GQL_RETENTION } }, extensions: {} });

    const read = await app.graphql(`query { structuredProperty(urn: "${GQL_RETENTION}") { urn type definition {
        qualifiedName displayName description cardinality immutable valueType { urn info { type qualifiedName } }
        allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
        entityTypes { urn info { type qualifiedName } } } } }`);
    expect(read.errors).toBeUndefined();
    expect(read.data.structuredProperty).toEqual({
      urn: GQL_RETENTION,
      type: 'STRUCTURED_PROPERTY',
      definition: {
        qualifiedName: 'retentionTime',
        displayName: 'Retention Time',
        description: 'Retention Time is used to figure out how long to retain records in a dataset',
        cardinality: 'SINGLE',
        immutable: false,
        valueType: { urn: 'urn:li:dataType:datahub.number', info: { type: 'NUMBER', qualifiedName: 'service.number' } },
        allowedValues: [
          { value: { numberValue: 30 }, description: '30 days' },
          { value: { numberValue: 90 }, description: '90 days' },
          { value: { numberValue: 365 }, description: '365 days' },
        ],
        entityTypes: [
          { urn: 'urn:li:entityType:datahub.dataset', info: { type: 'DATASET', qualifiedName: 'service.dataset' } },
          { urn: 'urn:li:entityType:datahub.dataFlow', info: { type: 'DATA_FLOW', qualifiedName: 'service.dataFlow' } },
        ],
      },
    });
    const missing = await app.graphql(`query { structuredProperty(urn: "urn:li:structuredProperty:nope") { urn } }`);
    expect(missing).toEqual({ data: { structuredProperty: null }, extensions: {} });
  });

  it('lists definitions with REST v3 (endpoint 5), immutable false where never set, pages with scrollId', async () => {
    await app.refresh();
    const q = '?systemMetadata=false&includeSoftDelete=false&skipCache=false&aspects=structuredPropertySettings&aspects=propertyDefinition'
      + '&aspects=institutionalMemory&aspects=structuredPropertyKey&aspects=status&count=10&sortCriteria=urn&sortOrder=ASCENDING&query=*';
    const list = await app.get(`/openapi/v3/entity/structuredproperty${q}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.entities.map((e: any) => e.urn)).toEqual([RETENTION, RETENTION02, GQL_RETENTION]);
    expect(list.body.entities[0]).toEqual({
      urn: RETENTION,
      propertyDefinition: { value: { ...retentionDef, immutable: false } },
      structuredPropertyKey: { value: { id: 'io.acryl.privacy.retentionTime' } },
    });
    expect(list.body.entities[2].propertyDefinition.value.created.actor).toBe('urn:li:corpuser:tester');
    const first = await app.get('/openapi/v3/entity/structuredproperty?count=2&query=*');
    expect(first.body.entities).toHaveLength(2);
    const second = await app.get(`/openapi/v3/entity/structuredproperty?count=2&query=*&scrollId=${first.body.scrollId}`);
    expect(second.body.entities.map((e: any) => e.urn)).toEqual([GQL_RETENTION]);
    // Single reads still echo what was written.
    expect((await app.get(`/openapi/v2/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition`)).body.value.immutable).toBeUndefined();
  });
});

describe('structured property values', () => {
  it('sets values on a dataset with REST v2 (endpoint 6) and v3 (endpoint 7) and reads them as written', async () => {
    const v2 = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/structuredProperties`, { properties: [{ propertyUrn: RETENTION, values: [{ double: 60.0 }] }] });
    expect(v2.status, v2.text).toBe(200);
    const body = { properties: [{ propertyUrn: RETENTION, values: [{ double: 60.0 }] }, { propertyUrn: RETENTION02, values: [{ string: 'bar2' }] }] };
    const v3 = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties?createIfNotExists=false`, { value: body });
    expect(v3.status, v3.text).toBe(200);
    expect(v3.body).toEqual({ urn: DS, structuredProperties: { value: body } });
    expect(v3.text).toContain('{"double":60.0}');
    const read = await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/structuredProperties`);
    expect(read.body).toEqual({ value: body });
  });

  it('reads the values through GraphQL dataset(urn) and entity(urn)', async () => {
    const r = await app.graphql(VALUES_QUERY, { urn: DS });
    expect(r.errors).toBeUndefined();
    expect(r.data.dataset.structuredProperties.properties).toEqual([
      {
        structuredProperty: { urn: RETENTION, type: 'STRUCTURED_PROPERTY', definition: { displayName: 'Retention Time', description: retentionDef.description, allowedValues: retentionDef.allowedValues.map((a) => ({ description: a.description })) } },
        values: [{ numberValue: 60 }],
        valueEntities: [],
        associatedUrn: DS,
      },
      {
        structuredProperty: { urn: RETENTION02, type: 'STRUCTURED_PROPERTY', definition: { displayName: 'Retention Time 02', description: null, allowedValues: [{ description: 'test foo2 value' }, { description: 'test bar2 value' }] } },
        values: [{ stringValue: 'bar2' }],
        valueEntities: [],
        associatedUrn: DS,
      },
    ]);
    const e = await app.graphql(`query { entity(urn: "${DS}") { urn ... on Dataset { structuredProperties { properties { structuredProperty { urn } } } } } }`);
    expect(e.data.entity.structuredProperties.properties.map((p: any) => p.structuredProperty.urn)).toEqual([RETENTION, RETENTION02]);
  });

  it('sets a value on a column (schemaField urn) and reads it through REST and GraphQL', async () => {
    const def = { qualifiedName: 'io.acryl.dataManagement.certifier', valueType: 'urn:li:dataType:service.urn', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.schemaField'] };
    expect((await app.post(`/openapi/v2/entity/structuredProperty/${enc(CERTIFIER)}/propertyDefinition`, def)).status).toBe(200);
    const body = { properties: [{ propertyUrn: CERTIFIER, values: [{ string: 'urn:li:corpuser:john' }] }] };
    const w = await app.post(`/openapi/v3/entity/schemaField/${enc(COLUMN)}/structuredProperties?createIfNotExists=false`, { value: body });
    expect(w.status, w.text).toBe(200);
    expect((await app.get(`/openapi/v3/entity/schemaField/${enc(COLUMN)}/structuredProperties`)).body).toEqual({ urn: COLUMN, structuredProperties: { value: body } });
    const g = await app.graphql(`query { schemaField(urn: "${COLUMN}") { fieldPath structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } valueEntities { urn type } associatedUrn } } } }`);
    expect(g.errors).toBeUndefined();
    expect(g.data.schemaField).toEqual({
      fieldPath: 'user_name',
      structuredProperties: { properties: [{ structuredProperty: { urn: CERTIFIER }, values: [{ stringValue: 'urn:li:corpuser:john' }], valueEntities: [{ urn: 'urn:li:corpuser:john', type: 'CORP_USER' }], associatedUrn: COLUMN }] },
    });
    const missingParent = `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD),x)`;
    const r = await app.post(`/openapi/v3/entity/schemaField/${enc(missingParent)}/structuredProperties?createIfNotExists=false`, { value: body });
    expect(r.status).toBe(404);
  });

  it('PATCH remove (v3, endpoint 9) keeps the others; PATCH add (v2, endpoint 8) appends after them', async () => {
    const removed = await app.patch(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties`, {
      patch: [{ op: 'remove', path: `/properties/${RETENTION}` }],
      arrayPrimaryKeys: { properties: ['propertyUrn'] },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toEqual({ urn: DS, structuredProperties: { value: { properties: [{ propertyUrn: RETENTION02, values: [{ string: 'bar2' }] }] } } });
    const added = await app.patch(`/openapi/v2/entity/dataset/${enc(DS)}/structuredProperties`, {
      patch: [{ op: 'add', path: `/properties/${RETENTION}`, value: { propertyUrn: RETENTION, values: [{ double: 365.0 }] } }],
      arrayPrimaryKeys: { properties: ['propertyUrn'] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toEqual({
      urn: DS,
      aspects: { structuredProperties: { value: { properties: [{ propertyUrn: RETENTION02, values: [{ string: 'bar2' }] }, { propertyUrn: RETENTION, values: [{ double: 365 }] }] } } },
    });
    expect(added.text).toContain('{"double":365.0}');
  });

  it('GraphQL upsertStructuredProperties replaces the given properties and keeps the others; removeStructuredProperties removes', async () => {
    const up = await app.graphql(
      `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } } }`,
      { input: { assetUrn: DS, structuredPropertyInputParams: [{ structuredPropertyUrn: RETENTION02, values: [{ stringValue: 'foo2' }] }, { structuredPropertyUrn: GQL_RETENTION, values: [{ numberValue: 90 }] }] } },
    );
    expect(up.errors).toBeUndefined();
    expect(up.data.upsertStructuredProperties.properties).toEqual([
      { structuredProperty: { urn: RETENTION02 }, values: [{ stringValue: 'foo2' }] },
      { structuredProperty: { urn: RETENTION }, values: [{ numberValue: 365 }] },
      { structuredProperty: { urn: GQL_RETENTION }, values: [{ numberValue: 90 }] },
    ]);
    const stored = (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/structuredProperties`)).body.value.properties;
    expect(stored[2].created.actor).toBe('urn:li:corpuser:tester');
    const rm = await app.graphql(`mutation { removeStructuredProperties(input: { assetUrn: "${DS}", structuredPropertyUrns: ["${RETENTION02}", "${GQL_RETENTION}"] }) { properties { structuredProperty { urn } } } }`);
    expect(rm).toEqual({ data: { removeStructuredProperties: { properties: [{ structuredProperty: { urn: RETENTION } }] } }, extensions: {} });
  });

  it('sets values on a data flow and a data job when the property lists their entity types', async () => {
    const stepUrn = 'urn:li:structuredProperty:io.acryl.ops.owner';
    const def = { qualifiedName: 'io.acryl.ops.owner', valueType: 'urn:li:dataType:service.string', cardinality: 'MULTIPLE', entityTypes: ['urn:li:entityType:service.dataJob'] };
    expect((await app.post(`/openapi/v2/entity/structuredProperty/${enc(stepUrn)}/propertyDefinition`, def)).status).toBe(200);
    const flow = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "${FLOW}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${RETENTION}", values: [{ numberValue: 30 }, { numberValue: 90 }] }] }) { properties { values { ... on NumberValue { numberValue } } } } }`);
    expect(flow.errors).toBeUndefined();
    const job = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "${JOB}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${stepUrn}", values: [{ stringValue: "team-a" }, { stringValue: "team-b" }] }] }) { properties { structuredProperty { urn } } } }`);
    expect(job.errors).toBeUndefined();
    const read = await app.graphql(`query { dataFlow(urn: "${FLOW}") { structuredProperties { properties { values { ... on NumberValue { numberValue } } associatedUrn } } }
      dataJob(urn: "${JOB}") { structuredProperties { properties { values { ... on StringValue { stringValue } } associatedUrn } } } }`);
    expect(read.data).toEqual({
      dataFlow: { structuredProperties: { properties: [{ values: [{ numberValue: 30 }, { numberValue: 90 }], associatedUrn: FLOW }] } },
      dataJob: { structuredProperties: { properties: [{ values: [{ stringValue: 'team-a' }, { stringValue: 'team-b' }], associatedUrn: JOB }] } },
    });
  });
});
