// The specification's tag walkthrough end to end: create a tag, tag a dataset and one of its columns, read back, detach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,fct_users_created,PROD)';
const TAG = 'urn:li:tag:deprecated';
let app: TestApp;

const schema = (fieldPaths: string[]) => ({
  schemaName: 'fct_users_created',
  platform: 'urn:li:dataPlatform:hive',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields: fieldPaths.map((fieldPath) => ({ fieldPath, type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'VARCHAR' })),
});

const READ_DATASET = `query ($urn: String!) {
  dataset(urn: $urn) {
    tags { tags { tag { name urn properties { description colorHex name } } associatedUrn } }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } globalTags { tags { tag { urn } } } } }
  }
}`;

beforeAll(async () => {
  app = await startTestApp('tags-walkthrough');
  const w = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, { value: schema(['user_id', 'user_name']) });
  expect(w.status).toBe(200);
});
afterAll(async () => app?.close());

describe('tag walkthrough (createTag, addTags, dataset read, removeTag)', () => {
  it('creates the tag "Deprecated" with id deprecated and answers with its urn', async () => {
    const res = await app.graphql(
      'mutation createTag { createTag(input: {name: "Deprecated", id: "deprecated", description: "Having this tag means this column or table is deprecated."}) }',
    );
    expect(res).toEqual({ data: { createTag: TAG }, extensions: {} });
    const props = await app.get(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`);
    expect(props.status).toBe(200);
    expect(props.body).toEqual({ value: { name: 'Deprecated', description: 'Having this tag means this column or table is deprecated.' } });
  });

  it('adds the tag to the dataset and reads it back with colorHex null', async () => {
    const add = await app.graphql(`mutation { addTags(input: {tagUrns: ["${TAG}"], resourceUrn: "${DS}"}) }`);
    expect(add).toEqual({ data: { addTags: true }, extensions: {} });
    const read = await app.graphql(READ_DATASET, { urn: DS });
    expect(read.errors).toBeUndefined();
    expect(read.data.dataset.tags).toEqual({
      tags: [
        {
          tag: { name: 'deprecated', urn: TAG, properties: { description: 'Having this tag means this column or table is deprecated.', colorHex: null, name: 'Deprecated' } },
          associatedUrn: DS,
        },
      ],
    });
    expect(read.data.dataset.editableSchemaMetadata).toBeNull();
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).body).toEqual({ value: { tags: [{ tag: TAG }] } });
  });

  it('adds the tag to the column user_name, stored in editableSchemaMetadata with a created stamp', async () => {
    const add = await app.graphql(`mutation { addTags(input: {tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "user_name"}) }`);
    expect(add).toEqual({ data: { addTags: true }, extensions: {} });
    const stored = await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`);
    expect(stored.body.value.editableSchemaFieldInfo).toEqual([{ fieldPath: 'user_name', globalTags: { tags: [{ tag: TAG }] } }]);
    expect(stored.body.value.created).toEqual({ time: expect.any(Number), actor: 'urn:li:corpuser:tester' });
    const read = await app.graphql(READ_DATASET, { urn: DS });
    expect(read.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([
      { fieldPath: 'user_name', tags: { tags: [{ tag: { urn: TAG } }] }, globalTags: { tags: [{ tag: { urn: TAG } }] } },
    ]);
  });

  it('removes the tag from the column, which then reads {tags: []} while the dataset keeps it', async () => {
    const remove = await app.graphql(`mutation { removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "user_name"}) }`);
    expect(remove).toEqual({ data: { removeTag: true }, extensions: {} });
    const read = await app.graphql(READ_DATASET, { urn: DS });
    expect(read.data.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([{ fieldPath: 'user_name', tags: { tags: [] }, globalTags: { tags: [] } }]);
    expect(read.data.dataset.tags.tags.map((t: any) => t.tag.urn)).toEqual([TAG]);
  });

  it('removes the tag from the dataset, whose globalTags then reads {tags: []}', async () => {
    const remove = await app.graphql(`mutation { removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}"}) }`);
    expect(remove.data.removeTag).toBe(true);
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).body).toEqual({ value: { tags: [] } });
    const read = await app.graphql(`query { dataset(urn: "${DS}") { tags { tags { tag { urn } } } globalTags { tags { tag { urn } } } } }`);
    expect(read.data.dataset).toEqual({ tags: { tags: [] }, globalTags: { tags: [] } });
  });
});
