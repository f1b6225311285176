// A tag's own life: tag(urn), updateTag, setTagColor, and deleteTag with its durable clean-up job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,lifecycle,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,lifecycle_other,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,daily,prod)';
const COLUMN = '[version=2.0].[type=string].email';
const FIELD_ENTITY = `urn:li:schemaField:(${DS},${COLUMN})`;
const GONE = 'urn:li:tag:legacy';
const KEPT = 'urn:li:tag:keep';
let app: TestApp;

const ok = (query: string, variables?: Record<string, unknown>) => graphqlData(app, query, variables);

const READ_TAG = `query ($urn: String!) { tag(urn: $urn) { urn type name description properties { name description colorHex } } }`;

beforeAll(async () => {
  app = await startTestApp('tags-lifecycle');
});
afterAll(async () => app?.close());

describe('tag, updateTag, setTagColor', () => {
  it('reads null for a missing tag and the tag with colorHex null once created', async () => {
    expect((await ok(READ_TAG, { urn: GONE })).tag).toBeNull();
    expect((await ok(`mutation { createTag(input: {id: "legacy", name: "Legacy", description: "No longer supported"}) }`)).createTag).toBe(GONE);
    expect((await ok(READ_TAG, { urn: GONE })).tag).toEqual({
      urn: GONE,
      type: 'TAG',
      name: 'legacy',
      description: 'No longer supported',
      properties: { name: 'Legacy', description: 'No longer supported', colorHex: null },
    });
  });

  it('sets the colour, and updateTag keeps it and the description it was not given', async () => {
    expect((await ok(`mutation { setTagColor(urn: "${GONE}", colorHex: "#FF5733") }`)).setTagColor).toBe(true);
    const updated = await ok(`mutation { updateTag(urn: "${GONE}", input: {urn: "${GONE}", name: "Legacy data"}) { urn properties { name description colorHex } } }`);
    expect(updated.updateTag).toEqual({ urn: GONE, properties: { name: 'Legacy data', description: 'No longer supported', colorHex: '#FF5733' } });
    await ok(`mutation { updateTag(urn: "${GONE}", input: {name: "Legacy", description: "Retired"}) { urn } }`);
    const stored = await app.get(`/openapi/v2/entity/tag/${enc(GONE)}/tagProperties`);
    expect(stored.body).toEqual({ value: { name: 'Legacy', description: 'Retired', colorHex: '#FF5733' } });
  });

  it('generates a UUID id when none is given', async () => {
    const urn: string = (await ok(`mutation { createTag(input: {name: "Anonymous"}) }`)).createTag;
    expect(urn).toMatch(/^urn:li:tag:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await ok(READ_TAG, { urn })).tag.properties.name).toBe('Anonymous');
  });
});

describe('deleteTag', () => {
  beforeAll(async () => {
    await ok(`mutation { createTag(input: {id: "keep", name: "Keep"}) }`);
    const schema = schemaOf('lifecycle', 'urn:li:dataPlatform:hive', [column(COLUMN, { tags: [GONE, KEPT] }), column('[version=2.0].[type=string].name')]);
    expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, { value: schema })).status).toBe(200);
    await app.post(`/openapi/v3/entity/dataset/${enc(DS2)}/datasetProperties?createIfNotExists=false`, { value: { name: 'other' } });
    await app.post(`/openapi/v3/entity/dataFlow/${enc(FLOW)}/dataFlowInfo?createIfNotExists=false`, { value: { name: 'daily' } });
    await ok(`mutation { batchAddTags(input: {tagUrns: ["${GONE}", "${KEPT}"], resources: [
      {resourceUrn: "${DS}"}, {resourceUrn: "${DS2}"}, {resourceUrn: "${FLOW}"}, {resourceUrn: "${FIELD_ENTITY}"},
      {resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "email"},
      {resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "name"}]}) }`);
  });

  it('hard deletes the tag at once and records a durable clean-up job', async () => {
    expect((await ok(`mutation { deleteTag(urn: "${GONE}") }`)).deleteTag).toBe(true);
    expect((await ok(READ_TAG, { urn: GONE })).tag).toBeNull();
    expect((await app.get(`/openapi/v3/entity/tag/${enc(GONE)}`)).status).toBe(404);
    // Until the job ran the associations are still there, and the id cannot be reused.
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS2)}/globalTags`)).body.value.tags).toHaveLength(2);
    const again = await app.graphql(`mutation { createTag(input: {id: "legacy", name: "Legacy"}) }`);
    expect(again.errors[0].message).toContain('still being removed');
  });

  it('the job removes the tag from every entity, column and column edit, and keeps the other tag', async () => {
    expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
    const only = { tags: [{ tag: KEPT }] };
    for (const urn of [DS, DS2]) expect((await app.get(`/openapi/v2/entity/dataset/${enc(urn)}/globalTags`)).body.value, urn).toEqual(only);
    expect((await app.get(`/openapi/v2/entity/dataFlow/${enc(FLOW)}/globalTags`)).body.value).toEqual(only);
    expect((await app.get(`/openapi/v2/entity/schemaField/${enc(FIELD_ENTITY)}/globalTags`)).body.value).toEqual(only);
    const edits = (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`)).body.value.editableSchemaFieldInfo;
    expect(edits).toEqual([
      { fieldPath: COLUMN, globalTags: only },
      { fieldPath: '[version=2.0].[type=string].name', globalTags: only },
    ]);
    const fields = (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/schemaMetadata`)).body.value.fields;
    expect(fields[0].globalTags).toEqual(only);
    const read = await ok(`query { dataset(urn: "${DS}") { tags { tags { tag { urn } } } schemaMetadata { fields { fieldPath tags { tags { tag { urn } } } } } } }`);
    expect(read.dataset.tags.tags).toEqual([{ tag: { urn: KEPT } }]);
    expect(read.dataset.schemaMetadata.fields[0].tags.tags).toEqual([{ tag: { urn: KEPT } }]);
  });

  it('lets the id be created again once the clean-up has finished, with no associations', async () => {
    expect((await ok(`mutation { createTag(input: {id: "legacy", name: "Legacy again"}) }`)).createTag).toBe(GONE);
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS2)}/globalTags`)).body.value).toEqual({ tags: [{ tag: KEPT }] });
  });

  it('cleans up after a hard delete through REST as well', async () => {
    await ok(`mutation { addTags(input: {tagUrns: ["${GONE}"], resourceUrn: "${DS2}"}) }`);
    expect((await app.del(`/openapi/v3/entity/tag/${enc(GONE)}`)).status).toBe(200);
    await app.runJobs();
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS2)}/globalTags`)).body.value).toEqual({ tags: [{ tag: KEPT }] });
  });
});
