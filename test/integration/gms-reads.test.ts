/** The original client's Rest.li read and delete endpoints under /gms: config, aspects, entitiesV2, entities actions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.reads,PROD)';
const FIELD = `urn:li:schemaField:(${DS},ip)`;
const SP = 'urn:li:structuredProperty:gms.reads.team';
let app: TestApp;

const ingest = (entityUrn: string, aspectName: string, value: unknown) =>
  app.post('/gms/aspects?action=ingestProposal', {
    proposal: { entityType: entityUrn.split(':')[2], entityUrn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(value), contentType: 'application/json' } },
    async: 'false',
  });

beforeAll(async () => {
  app = await startTestApp('gms-reads');
  const definition = { qualifiedName: 'gms.reads.team', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'], typeQualifier: { allowedTypes: ['urn:li:entityType:service.corpuser'] } };
  expect((await ingest(SP, 'propertyDefinition', definition)).status).toBe(200);
  expect((await ingest(DS, 'datasetProperties', { name: 'reads', customProperties: {} })).status).toBe(200);
  expect((await ingest(DS, 'globalTags', { tags: [{ tag: 'urn:li:tag:gold' }] })).status).toBe(200);
});
afterAll(async () => app?.close());

describe('GET /gms/config', () => {
  it('answers noCode as a string without a token and advertises nothing Tessera lacks', async () => {
    const res = await app.request('GET', '/gms/config', undefined, { token: null });
    expect(res.status).toBe(200);
    expect(res.body.noCode).toBe('true');
    // Stateful ingestion's checkpoints are time-series points, which Tessera keeps.
    expect(res.body.statefulIngestionCapable).toBe(true);
    expect(res.body).not.toHaveProperty('retention');
  });
});

describe('GET /gms/aspects/<urn>', () => {
  it('keys the value by its record name', async () => {
    const res = await app.request('GET', `/gms/aspects/${enc(DS)}?aspect=globalTags&version=0`, undefined, { headers: { 'content-type': 'application/json', 'x-restli-protocol-version': '2.0.0' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ urn: DS, version: 0, aspect: { 'com.linkedin.common.GlobalTags': { tags: [{ tag: 'urn:li:tag:gold' }] } } });
  });

  it('derives key aspects of existing entities, a column included, and answers 404 for missing ones', async () => {
    expect((await app.get(`/gms/aspects/${enc(DS)}?aspect=datasetKey&version=0`)).body.aspect).toEqual({
      'com.linkedin.metadata.key.DatasetKey': { platform: 'urn:li:dataPlatform:hive', name: 'gms.reads', origin: 'PROD' },
    });
    expect((await app.get(`/gms/aspects/${enc(FIELD)}?aspect=schemaFieldKey&version=0`)).body.aspect).toEqual({
      'com.linkedin.metadata.key.SchemaFieldKey': { parent: DS, fieldPath: 'ip' },
    });
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.nothing,PROD)';
    expect((await app.get(`/gms/aspects/${enc(missing)}?aspect=datasetKey&version=0`)).status).toBe(404);
  });

  it('answers a plain 404 for absent, unknown and misspelt aspects and for unknown entity types', async () => {
    for (const aspect of ['ownership', 'domains', 'noSuchAspect', '']) {
      const res = await app.get(`/gms/aspects/${enc(DS)}?aspect=${aspect}&version=0`);
      expect(res.status, aspect).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
    expect((await app.get(`/gms/aspects/${enc('urn:li:glossaryTerm:x')}?aspect=glossaryTermKey&version=0`)).status).toBe(404);
    expect((await app.get(`/gms/aspects/${enc(DS)}?aspect=globalTags&version=3`)).status).toBe(404);
  });

  it('names data and entity types with datahub. while REST v3 keeps service.', async () => {
    const res = await app.get(`/gms/aspects/${enc(SP)}?aspect=propertyDefinition&version=0`);
    const def = res.body.aspect['com.linkedin.structured.StructuredPropertyDefinition'];
    expect(def.valueType).toBe('urn:li:dataType:datahub.string');
    expect(def.entityTypes).toEqual(['urn:li:entityType:datahub.dataset']);
    expect(def.typeQualifier).toEqual({ allowedTypes: ['urn:li:entityType:datahub.corpuser'] });
    const v3 = await app.get(`/openapi/v3/entity/structuredproperty/${enc(SP)}/propertyDefinition`);
    expect(v3.body.propertyDefinition.value.valueType).toBe('urn:li:dataType:service.string');
  });
});

describe('GET /gms/entitiesV2/<urn>', () => {
  it('answers every aspect as a versioned aspect with its system metadata', async () => {
    const res = await app.get(`/gms/entitiesV2/${enc(DS)}`);
    expect(res.status).toBe(200);
    expect(res.body.urn).toBe(DS);
    expect(res.body.entityName).toBe('dataset');
    expect(Object.keys(res.body.aspects).sort()).toEqual(['datasetKey', 'datasetProperties', 'globalTags']);
    expect(res.body.aspects.globalTags).toMatchObject({ name: 'globalTags', type: 'VERSIONED', version: 0, value: { tags: [{ tag: 'urn:li:tag:gold' }] } });
    expect(res.body.aspects.globalTags.systemMetadata.lastObserved).toBeTypeOf('number');
  });

  it('selects aspects with List(...) and answers only the key aspect of a missing entity', async () => {
    const some = await app.get(`/gms/entitiesV2/${enc(DS)}?aspects=List(globalTags,ownership,nonsense)`);
    expect(Object.keys(some.body.aspects)).toEqual(['globalTags']);
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.absent,PROD)';
    const res = await app.get(`/gms/entitiesV2/${enc(missing)}`);
    expect(res.status).toBe(200);
    expect(res.body.aspects).toEqual({ datasetKey: { name: 'datasetKey', type: 'VERSIONED', version: 0, value: { platform: 'urn:li:dataPlatform:hive', name: 'gms.absent', origin: 'PROD' } } });
  });
});

describe('POST /gms/entities?action=…', () => {
  it('hard deletes an entity and counts its rows', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.gone,PROD)';
    await ingest(urn, 'status', { removed: false });
    const res = await app.post('/gms/entities?action=delete', { urn });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: { urn, rows: 2, timeseriesRows: 0 } });
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
    expect((await app.post('/gms/entities?action=delete', { urn })).body.value.rows).toBe(0);
  });

  it('refuses a time-series delete of an aspect that is not one, and bad bodies, with a message', async () => {
    const res = await app.post('/gms/entities?action=delete', { urn: DS, aspectName: 'datasetProperties' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('datasetProperties is not a time-series aspect of dataset');
    expect((await app.post('/gms/entities?action=delete', { urn: 'nope' })).status).toBe(400);
  });

  it('finds and removes references to a tag (dry run first)', async () => {
    await app.refresh();
    const dry = await app.post('/gms/entities?action=deleteReferences', { urn: 'urn:li:tag:gold', dryRun: true });
    expect(dry.body.value.total).toBe(1);
    expect(dry.body.value.relatedAspects[0].entity).toBe(DS);
    const done = await app.post('/gms/entities?action=deleteReferences', { urn: 'urn:li:tag:gold', dryRun: false });
    expect(done.body.value.total).toBe(1);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/globalTags`)).body.globalTags.value).toEqual({ tags: [] });
  });
});

describe('POST /gms/api/graphql', () => {
  it('serves the same schema as /api/graphql, with the count above the page cap capped', async () => {
    const query = `{ scrollAcrossEntities(input: {types: [STRUCTURED_PROPERTY], query: "*", count: 5000,
      orFilters: [{and: [{field: "removed", condition: EQUAL, values: ["true"], negated: true}]}]}) { searchResults { entity { urn } } } }`;
    await app.refresh();
    const res = await app.request('POST', '/gms/api/graphql', { query });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toContain(SP);
  });
});

describe('the brand word on input', () => {
  it('stores a definition written with datahub. through the client wire as service., and reads it back as datahub. there', async () => {
    const urn = 'urn:li:structuredProperty:gms.reads.brand';
    const def = { qualifiedName: 'gms.reads.brand', valueType: 'urn:li:dataType:datahub.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:datahub.dataset'] };
    expect((await ingest(urn, 'propertyDefinition', def)).status).toBe(200);
    const v3 = await app.get(`/openapi/v3/entity/structuredproperty/${enc(urn)}/propertyDefinition`);
    expect(v3.body.propertyDefinition.value).toMatchObject({ valueType: 'urn:li:dataType:service.number', entityTypes: ['urn:li:entityType:service.dataset'] });
    const gms = await app.get(`/gms/aspects/${enc(urn)}?aspect=propertyDefinition&version=0`);
    expect(gms.body.aspect['com.linkedin.structured.StructuredPropertyDefinition']).toMatchObject(def);
  });
});
