// Tag associations on datasets, columns and schema field entities: idempotent adds, one entry per column, batch forms, reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:kafka,clicks,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:kafka,views,PROD)';
const IP = '[version=2.0].[type=ClickEvent].[type=string].ip';
const CITY = '[version=2.0].[type=ClickEvent].[type=struct].geo.[type=string].city';
const A = 'urn:li:tag:a';
const B = 'urn:li:tag:b';
let app: TestApp;

const field = (fieldPath: string, kind: string, extra: Record<string, unknown> = {}) => column(fieldPath, { kind, extra });
const schema = (fields: object[]) => schemaOf('clicks', 'urn:li:dataPlatform:kafka', fields, { version: 3, hash: 'h1' });
const ok = (query: string) => graphqlData(app, query);
const columnArgs = (urn: string, column: string) => `resourceUrn: "${urn}", subResourceType: DATASET_FIELD, subResource: "${column}"`;
const editsOf = async (urn: string) => (await app.get(`/openapi/v2/entity/dataset/${enc(urn)}/editableSchemaMetadata`)).body?.value;
const globalTagsOf = async (urn: string) => (await app.get(`/openapi/v2/entity/dataset/${enc(urn)}/globalTags`)).body?.value;

beforeAll(async () => {
  app = await startTestApp('tags-associations');
  const fields = [field(IP, 'StringType', { nullable: true, globalTags: { tags: [{ tag: B }] } }), field(CITY, 'StringType'), field('[version=2.0].[type=ClickEvent].[type=long].ts', 'NumberType')];
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, { value: schema(fields) })).status).toBe(200);
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS2)}/schemaMetadata?createIfNotExists=false`, { value: schema([field('ip', 'StringType')]) })).status).toBe(200);
  await ok(`mutation { a: createTag(input: {id: "a", name: "A"}) b: createTag(input: {id: "b", name: "B"}) }`);
});
afterAll(async () => app?.close());

describe('dataset reads before any tag (dataset.tags, schemaMetadata, editableSchemaMetadata)', () => {
  it('reads null associations, and the schema with its field types and schema-level tags', async () => {
    const d = await ok(`query { dataset(urn: "${DS}") {
      tags { tags { tag { urn } } } globalTags { tags { tag { urn } } } editableSchemaMetadata { editableSchemaFieldInfo { fieldPath } }
      schemaMetadata { name platformUrn version hash datasetUrn fields { fieldPath type nativeDataType nullable recursive
        tags { tags { tag { urn properties { name } } associatedUrn } } schemaFieldEntity { urn fieldPath } } } } }`);
    expect(d.dataset.tags).toBeNull();
    expect(d.dataset.globalTags).toBeNull();
    expect(d.dataset.editableSchemaMetadata).toBeNull();
    expect(d.dataset.schemaMetadata).toMatchObject({ name: 'clicks', platformUrn: 'urn:li:dataPlatform:kafka', version: 3, hash: 'h1', datasetUrn: DS });
    expect(d.dataset.schemaMetadata.fields.map((f: any) => [f.type, f.nullable, f.recursive])).toEqual([['STRING', true, false], ['STRING', false, false], ['NUMBER', false, false]]);
    expect(d.dataset.schemaMetadata.fields[0].tags).toEqual({ tags: [{ tag: { urn: B, properties: { name: 'B' } }, associatedUrn: DS }] });
    expect(d.dataset.schemaMetadata.fields[1].tags).toBeNull();
    expect(d.dataset.schemaMetadata.fields[0].schemaFieldEntity).toEqual({ urn: `urn:li:schemaField:(${DS},${IP})`, fieldPath: IP });
  });
});

describe('addTag, addTags, removeTag on datasets', () => {
  it('adds once: repeating an add, or adding it in a list with another, keeps a single association', async () => {
    await ok(`mutation { addTag(input: {tagUrn: "${A}", resourceUrn: "${DS}"}) }`);
    const before = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/globalTags?systemMetadata=true`);
    await ok(`mutation { addTags(input: {tagUrns: ["${A}"], resourceUrn: "${DS}"}) }`);
    const after = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/globalTags?systemMetadata=true`);
    expect(JSON.stringify(after.body)).toBe(JSON.stringify(before.body)); // not even re-written
    await ok(`mutation { addTags(input: {tagUrns: ["${A}", "${B}", "${B}"], resourceUrn: "${DS}"}) }`);
    expect(await globalTagsOf(DS)).toEqual({ tags: [{ tag: A }, { tag: B }] });
  });

  it('removes only the named tag and reads the rest through tags and globalTags', async () => {
    await ok(`mutation { removeTag(input: {tagUrn: "${A}", resourceUrn: "${DS}"}) }`);
    const d = await ok(`query { dataset(urn: "${DS}") { tags { tags { tag { urn } associatedUrn } } globalTags { tags { tag { urn } } } } }`);
    expect(d.dataset.tags).toEqual({ tags: [{ tag: { urn: B }, associatedUrn: DS }] });
    expect(d.dataset.globalTags).toEqual({ tags: [{ tag: { urn: B } }] });
  });
});

describe('column tags (subResourceType DATASET_FIELD)', () => {
  it('matches a column by simple name or full path and keeps one entry under the full path', async () => {
    await ok(`mutation { addTags(input: {tagUrns: ["${A}"], ${columnArgs(DS, 'ip')}}) }`);
    await ok(`mutation { addTags(input: {tagUrns: ["${B}"], ${columnArgs(DS, IP)}}) }`);
    await ok(`mutation { addTag(input: {tagUrn: "${A}", ${columnArgs(DS, 'geo.city')}}) }`);
    const edits = await editsOf(DS);
    expect(edits.editableSchemaFieldInfo).toEqual([
      { fieldPath: IP, globalTags: { tags: [{ tag: A }, { tag: B }] } },
      { fieldPath: CITY, globalTags: { tags: [{ tag: A }] } },
    ]);
    expect(edits.created.actor).toBe('urn:li:corpuser:tester');
  });

  it('keeps exactly one entry per column and the first created stamp across add/remove cycles', async () => {
    const created = (await editsOf(DS)).created;
    for (let i = 0; i < 3; i++) {
      await ok(`mutation { removeTag(input: {tagUrn: "${A}", ${columnArgs(DS, 'city')}}) }`);
      await ok(`mutation { addTags(input: {tagUrns: ["${A}"], ${columnArgs(DS, 'city')}}) }`);
    }
    await ok(`mutation { removeTag(input: {tagUrn: "${A}", ${columnArgs(DS, 'city')}}) }`);
    const edits = await editsOf(DS);
    expect(edits.created).toEqual(created);
    expect(edits.editableSchemaFieldInfo.filter((e: any) => e.fieldPath === CITY)).toEqual([{ fieldPath: CITY, globalTags: { tags: [] } }]);
    expect(edits.editableSchemaFieldInfo).toHaveLength(2);
  });

  it('removing from a column never tagged records it as empty', async () => {
    await ok(`mutation { removeTag(input: {tagUrn: "${A}", ${columnArgs(DS, 'ts')}}) }`);
    const d = await ok(`query { dataset(urn: "${DS}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } } } } }`);
    expect(d.dataset.editableSchemaMetadata.editableSchemaFieldInfo[2]).toEqual({ fieldPath: '[version=2.0].[type=ClickEvent].[type=long].ts', tags: { tags: [] } });
  });

  it('reuses an entry written by whole-aspect write under the simple name, rewriting it to the full path', async () => {
    const w = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`, { editableSchemaFieldInfo: [{ fieldPath: 'ip', description: 'client address' }] });
    expect(w.status).toBe(200);
    await ok(`mutation { addTags(input: {tagUrns: ["${A}"], ${columnArgs(DS, IP)}}) }`);
    expect((await editsOf(DS)).editableSchemaFieldInfo).toEqual([{ fieldPath: IP, description: 'client address', globalTags: { tags: [{ tag: A }] } }]);
  });
});

describe('batchAddTags and batchRemoveTags', () => {
  it('tags several datasets and columns at once, then removes from all of them', async () => {
    const resources = `[{resourceUrn: "${DS}"}, {resourceUrn: "${DS2}"}, {${columnArgs(DS2, 'ip')}}, {${columnArgs(DS, 'city')}}]`;
    expect((await ok(`mutation { batchAddTags(input: {tagUrns: ["${A}", "${B}"], resources: ${resources}}) }`)).batchAddTags).toBe(true);
    expect(await globalTagsOf(DS)).toEqual({ tags: [{ tag: B }, { tag: A }] });
    expect(await globalTagsOf(DS2)).toEqual({ tags: [{ tag: A }, { tag: B }] });
    expect((await editsOf(DS2)).editableSchemaFieldInfo).toEqual([{ fieldPath: 'ip', globalTags: { tags: [{ tag: A }, { tag: B }] } }]);
    const removal = `[{resourceUrn: "${DS}"}, null, {resourceUrn: "${DS2}"}, {${columnArgs(DS2, 'ip')}}]`;
    expect((await ok(`mutation { batchRemoveTags(input: {tagUrns: ["${B}"], resources: ${removal}}) }`)).batchRemoveTags).toBe(true);
    expect(await globalTagsOf(DS)).toEqual({ tags: [{ tag: A }] });
    expect(await globalTagsOf(DS2)).toEqual({ tags: [{ tag: A }] });
    expect((await editsOf(DS2)).editableSchemaFieldInfo).toEqual([{ fieldPath: 'ip', globalTags: { tags: [{ tag: A }] } }]);
  });
});

describe('schema field entities', () => {
  it('carries its own globalTags, read through schemaField(urn).tags', async () => {
    const fieldUrn = `urn:li:schemaField:(${DS},${IP})`;
    await ok(`mutation { addTags(input: {tagUrns: ["${B}"], resourceUrn: "${fieldUrn}"}) }`);
    const d = await ok(`query { schemaField(urn: "${fieldUrn}") { tags { tags { tag { urn } associatedUrn } } } }`);
    expect(d.schemaField.tags).toEqual({ tags: [{ tag: { urn: B }, associatedUrn: fieldUrn }] });
  });
});
