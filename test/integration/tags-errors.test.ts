// Bad input to the tag mutations: every refusal is a precise GraphQL error naming what is wrong, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,errs,PROD)';
const NO_SCHEMA = 'urn:li:dataset:(urn:li:dataPlatform:hive,no_schema,PROD)';
const MISSING_DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,missing,PROD)';
const TAG = 'urn:li:tag:pii';
const MISSING_TAG = 'urn:li:tag:nope';
let app: TestApp;

const schema = (paths: string[]) => schemaOf('errs', 'urn:li:dataPlatform:hive', paths.map((p) => column(p)));

/** Runs a mutation expected to fail; returns the single error. */
async function failing(mutation: string): Promise<{ message: string; code: number; type: string }> {
  const res = await app.graphql(`mutation { ${mutation} }`);
  expect(res.errors, JSON.stringify(res)).toHaveLength(1);
  const [e] = res.errors;
  return { message: e.message, code: e.extensions.code, type: e.extensions.type };
}

const addTags = (args: string) => `addTags(input: {${args}})`;

beforeAll(async () => {
  app = await startTestApp('tags-errors');
  await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, {
    value: schema(['user_name', '[version=2.0].[type=struct].a.[type=string].city', '[version=2.0].[type=struct].b.[type=string].city']),
  });
  await app.post(`/openapi/v3/entity/dataset/${enc(NO_SCHEMA)}/datasetProperties?createIfNotExists=false`, { value: { name: 'no_schema' } });
  expect((await app.graphql(`mutation { createTag(input: {id: "pii", name: "PII"}) }`)).data.createTag).toBe(TAG);
});
afterAll(async () => app?.close());

describe('tag association errors (addTags, addTag, removeTag, batchAddTags)', () => {
  it('refuses a missing tag with NOT_FOUND naming it', async () => {
    const e = await failing(addTags(`tagUrns: ["${TAG}", "${MISSING_TAG}"], resourceUrn: "${DS}"`));
    expect(e).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect(e.message).toContain(MISSING_TAG);
    expect(e.message).not.toContain(TAG + ' ');
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).status).toBe(404);
  });

  it('refuses a missing dataset with NOT_FOUND naming it', async () => {
    const e = await failing(`addTag(input: {tagUrn: "${TAG}", resourceUrn: "${MISSING_DS}"})`);
    expect(e).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect(e.message).toContain(MISSING_DS);
    const removal = await failing(`removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${MISSING_DS}"})`);
    expect(removal.message).toContain(MISSING_DS);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(MISSING_DS)}`)).status).toBe(404);
  });

  it('refuses a missing column with NOT_FOUND naming the column and the dataset', async () => {
    const e = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "user_email"`));
    expect(e).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect(e.message).toContain('user_email');
    expect(e.message).toContain(DS);
    const removal = await failing(`removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "user_email"})`);
    expect(removal.message).toContain('user_email');
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/editableSchemaMetadata`)).status).toBe(404);
  });

  it('refuses a column of a dataset without schemaMetadata, saying it has no schema', async () => {
    const e = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${NO_SCHEMA}", subResourceType: DATASET_FIELD, subResource: "user_name"`));
    expect(e.type).toBe('NOT_FOUND');
    expect(e.message).toContain(NO_SCHEMA);
    expect(e.message).toContain('no schema');
  });

  it('refuses a half-given subresource in either direction with BAD_REQUEST', async () => {
    const onlyType = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResourceType: DATASET_FIELD`));
    expect(onlyType).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(onlyType.message).toContain('without a subResource');
    const onlyPath = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResource: "user_name"`));
    expect(onlyPath).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(onlyPath.message).toContain('without a subResourceType');
    const removal = await failing(`removeTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}", subResource: "user_name"})`);
    expect(removal.type).toBe('BAD_REQUEST');
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).status).toBe(404);
  });

  it('refuses an ambiguous simple column name, listing the candidates', async () => {
    const e = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${DS}", subResourceType: DATASET_FIELD, subResource: "city"`));
    expect(e.type).toBe('BAD_REQUEST');
    expect(e.message).toContain('[version=2.0].[type=struct].a.[type=string].city');
    expect(e.message).toContain('[version=2.0].[type=struct].b.[type=string].city');
  });

  it('refuses non-tag urns, malformed urns, empty tag lists and entities that cannot carry tags', async () => {
    const notTag = await failing(addTags(`tagUrns: ["${DS}"], resourceUrn: "${DS}"`));
    expect(notTag.type).toBe('BAD_REQUEST');
    expect(notTag.message).toContain('is not a tag urn');
    const malformed = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "urn:li:dataset:(hive,x)"`));
    expect(malformed.type).toBe('BAD_REQUEST');
    expect(malformed.message).toContain('Invalid urn');
    const empty = await failing(addTags(`tagUrns: [], resourceUrn: "${DS}"`));
    expect(empty.message).toContain('tagUrns');
    const onTag = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${TAG}"`));
    expect(onTag.message).toContain('cannot carry tags');
    const columnOfTag = await failing(addTags(`tagUrns: ["${TAG}"], resourceUrn: "${TAG}", subResourceType: DATASET_FIELD, subResource: "x"`));
    expect(columnOfTag.message).toContain('needs a dataset urn');
  });

  it('validates every resource of a batch before writing any', async () => {
    const e = await failing(`batchAddTags(input: {tagUrns: ["${TAG}"], resources: [{resourceUrn: "${DS}"}, {resourceUrn: "${MISSING_DS}"}]})`);
    expect(e.message).toContain(MISSING_DS);
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/globalTags`)).status).toBe(404);
    const empty = await failing(`batchAddTags(input: {tagUrns: ["${TAG}"], resources: []})`);
    expect(empty.type).toBe('BAD_REQUEST');
  });
});

describe('tag errors (createTag, updateTag, setTagColor, deleteTag)', () => {
  it('refuses to create an existing id with CONFLICT naming the tag, leaving it unchanged', async () => {
    const e = await failing(`createTag(input: {id: "pii", name: "Other"})`);
    expect(e).toMatchObject({ code: 409, type: 'CONFLICT' });
    expect(e.message).toContain(TAG);
    expect((await app.get(`/openapi/v2/entity/tag/${enc(TAG)}/tagProperties`)).body).toEqual({ value: { name: 'PII' } });
  });

  it('refuses empty names and ids that make no urn', async () => {
    expect((await failing(`createTag(input: {id: "x", name: "  "})`)).message).toContain('name');
    expect((await failing(`createTag(input: {id: "", name: "x"})`)).message).toContain('id');
    expect((await failing(`createTag(input: {id: "(a", name: "x"})`)).type).toBe('BAD_REQUEST');
  });

  it('refuses to update, colour or delete a missing tag with NOT_FOUND naming it', async () => {
    for (const m of [
      `updateTag(urn: "${MISSING_TAG}", input: {name: "x"}) { urn }`,
      `setTagColor(urn: "${MISSING_TAG}", colorHex: "#FF5733")`,
      `deleteTag(urn: "${MISSING_TAG}")`,
    ]) {
      const e = await failing(m);
      expect(e, m).toMatchObject({ code: 404, type: 'NOT_FOUND' });
      expect(e.message).toContain(MISSING_TAG);
    }
    expect((await app.get(`/openapi/v3/entity/tag/${enc(MISSING_TAG)}`)).status).toBe(404);
  });

  it('refuses an updateTag whose input.urn differs from its urn argument, and a non-tag urn', async () => {
    const e = await failing(`updateTag(urn: "${TAG}", input: {urn: "urn:li:tag:other", name: "x"}) { urn }`);
    expect(e.type).toBe('BAD_REQUEST');
    expect(e.message).toContain('urn:li:tag:other');
    const wrongType = await failing(`setTagColor(urn: "${DS}", colorHex: "#000000")`);
    expect(wrongType.message).toContain('is not a tag urn');
  });
});
