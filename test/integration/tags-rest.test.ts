// Whole-aspect writes of tagProperties, globalTags and editableSchemaMetadata through REST v2/v3, read back everywhere, and searchable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,rest_tags,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,rest_plain,PROD)';
const TAG = 'urn:li:tag:gold';
const COL_TAG = 'urn:li:tag:sensitive';
const SCHEMA_TAG = 'urn:li:tag:raw';
let app: TestApp;

const schema = schemaOf('rest_tags', 'urn:li:dataPlatform:hive', [column('ssn', { tags: [SCHEMA_TAG] })]);

beforeAll(async () => {
  app = await startTestApp('tags-rest');
  await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, { value: schema });
  await app.post(`/openapi/v3/entity/dataset/${enc(DS2)}/datasetProperties?createIfNotExists=false`, { value: { name: 'plain' } });
});
afterAll(async () => app?.close());

describe('tagProperties through REST', () => {
  it('creates a tag by upserting tagProperties (v3) and reads it through v2, v3 and GraphQL', async () => {
    const w = await app.post(`/openapi/v3/entity/tag/${enc(TAG)}/tagProperties?createIfNotExists=false`, { value: { name: 'Gold', description: 'Curated', colorHex: '#FFD700' } });
    expect(w.status).toBe(200);
    expect(w.body).toEqual({ urn: TAG, tagProperties: { value: { name: 'Gold', description: 'Curated', colorHex: '#FFD700' } } });
    expect((await app.get(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`)).body).toEqual({ value: { name: 'Gold', description: 'Curated', colorHex: '#FFD700' } });
    expect((await app.get(`/openapi/v3/entity/tag/${enc(TAG)}/tagKey`)).body.tagKey.value).toEqual({ name: 'gold' });
    const g = await app.graphql(`query { tag(urn: "${TAG}") { properties { name description colorHex } } }`);
    expect(g.data.tag.properties).toEqual({ name: 'Gold', description: 'Curated', colorHex: '#FFD700' });
  });

  it('upserts again (v2), replacing the whole aspect, and rejects unknown fields with 400', async () => {
    expect((await app.post(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`, { name: 'Gold' })).status).toBe(200);
    expect((await app.get(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`)).body).toEqual({ value: { name: 'Gold' } });
    const bad = await app.post(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`, { name: 'Gold', color: 'gold' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'color'");
    const noName = await app.post(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`, { description: 'x' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('tagProperties.name');
  });

  it('makes createTag of that id a conflict', async () => {
    const res = await app.graphql(`mutation { createTag(input: {id: "gold", name: "Gold"}) }`);
    expect(res.errors[0].message).toContain(TAG);
  });
});

describe('globalTags and editableSchemaMetadata through REST', () => {
  it('writes dataset tags (v3) and reads them through GraphQL and v2', async () => {
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: TAG }] } });
    expect(w.status).toBe(200);
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).body).toEqual({ value: { tags: [{ tag: TAG }] } });
    const g = await app.graphql(`query { dataset(urn: "${DS}") { tags { tags { tag { urn properties { name } } } } } }`);
    expect(g.data.dataset.tags).toEqual({ tags: [{ tag: { urn: TAG, properties: { name: 'Gold' } } }] });
  });

  it('writes column tags (v2) and reads them through GraphQL; a GraphQL add then merges into that entry', async () => {
    const value = { created: { time: 1700000000000, actor: 'urn:li:corpuser:etl' }, editableSchemaFieldInfo: [{ fieldPath: 'ssn', globalTags: { tags: [{ tag: COL_TAG }] } }] };
    expect((await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`, value)).status).toBe(200);
    const g = await app.graphql(`query { dataset(urn: "${DS}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } } } } }`);
    expect(g.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([{ fieldPath: 'ssn', tags: { tags: [{ tag: { urn: COL_TAG } }] } }]);
    const add = await app.graphql(`mutation { addTags(input: {tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "ssn"}) }`);
    expect(add.data.addTags).toBe(true);
    const stored = (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`)).body.value;
    expect(stored).toEqual({ ...value, editableSchemaFieldInfo: [{ fieldPath: 'ssn', globalTags: { tags: [{ tag: COL_TAG }, { tag: TAG }] } }] });
  });

  it('refuses malformed associations with 400 and tags on a missing dataset with 404', async () => {
    const bad = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`, { tags: [{ tag: 'gold' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('globalTags.tags.0.tag');
    const missing = enc('urn:li:dataset:(urn:li:dataPlatform:hive,rest_missing,PROD)');
    expect((await app.post(`/openapi/v2/entity/dataset/${missing}/globalTags`, { tags: [{ tag: TAG }] })).status).toBe(404);
  });
});

describe('tag search fields (GET /openapi/v3/entity/dataset?query=…)', () => {
  const search = async (query: string) => {
    const res = await app.get(`/openapi/v3/entity/dataset?query=${encodeURIComponent(query)}`);
    expect(res.status, res.text).toBe(200);
    return res.body.entities.map((e: any) => e.urn);
  };

  it('finds datasets by dataset tag, schema column tag and edited column tag', async () => {
    await app.refresh();
    expect(await search(`tags:"${TAG}"`)).toEqual([DS]);
    expect(await search(`fieldTags:"${SCHEMA_TAG}"`)).toEqual([DS]);
    expect(await search(`editedFieldTags:"${COL_TAG}"`)).toEqual([DS]);
    expect(await search(`tags:"${COL_TAG}"`)).toEqual([]);
  });

  it('stops finding a dataset once its tag was removed', async () => {
    await app.graphql(`mutation { removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}"}) }`);
    await app.refresh();
    expect(await search(`tags:"${TAG}"`)).toEqual([]);
    expect(await search(`editedFieldTags:"${TAG}"`)).toEqual([DS]);
  });
});
