/**
 * One batch engine for every batch: REST v3/v2 batch POST and PATCH, the wire's `ingestProposalBatch` across entity
 * types, GraphQL `batchAddTags`/`batchRemoveTags`. Every item is built, validated and authorized before the first
 * write; a refused batch writes nothing, and its 4xx answer names each refused item (index, URN, aspect, reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;
const tokens: Record<string, string> = {};
const PII = 'urn:li:tag:pii.email';
const GOLD = 'urn:li:tag:gold';
const PRIVACY = 'urn:li:structuredProperty:io.acme.batch.privacy';
const RETENTION = 'urn:li:structuredProperty:io.acme.batch.retention';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,atomic.${name},PROD)`;
const column = (urn: string, field: string) => `urn:li:schemaField:(${urn},${field})`;
let serial = 0;

const as = (who: string) => ({ token: tokens[who] });

async function freshDataset(): Promise<string> {
  const urn = ds(`d${serial++}`);
  const schema = { schemaName: 's', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields: [{ fieldPath: 'email', nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } }] };
  const res = await app.request('POST', '/openapi/v3/entity/dataset?async=false', [{ urn, datasetProperties: { value: { name: urn } }, schemaMetadata: { value: schema }, globalTags: { value: { tags: [] } } }], as('admin'));
  expect(res.status, res.text).toBe(200);
  return urn;
}

const exists = async (urn: string) => (await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}`, undefined, as('admin'))).status === 200;
const tagsOf = async (urn: string) => ((await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`, undefined, as('admin'))).body?.globalTags?.value?.tags ?? []).map((t: { tag: string }) => t.tag);
const propertiesOf = async (urn: string) => JSON.stringify((await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`, undefined, as('admin'))).body ?? {});

beforeAll(async () => {
  app = await startTestApp('batch-atomic', { DEFAULT_ROLE: 'Reader' });
  for (const who of ['admin', 'steward', 'tagger']) tokens[who] = await mintToken(TEST_SECRET, `urn:li:corpuser:${who}`, 3600);
  for (const [urn, type] of [[PRIVACY, 'string'], [RETENTION, 'number']]) {
    const value = { qualifiedName: urn.slice(26), valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
    const res = await app.request('POST', `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`, { value }, as('admin'));
    expect(res.status, res.text).toBe(200);
  }
  for (const tag of [PII, GOLD]) expect((await app.request('POST', `/openapi/v3/entity/tag/${enc(tag)}/tagProperties`, { value: { name: tag.slice(11) } }, as('admin'))).status).toBe(200);
  // The steward edits privacy values and pii tags on datasets and columns; the tagger tags datasets (not columns) pii.*.
  const policies = [
    { name: 'Steward', privileges: ['EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_TAGS'], actors: { users: ['urn:li:corpuser:steward'] }, resources: { entityTypes: ['dataset', 'schemaField'], propertyUrns: ['io.acme.batch.privacy'], tagUrns: ['pii.*'] } },
    { name: 'Tagger', privileges: ['EDIT_ENTITY_TAGS'], actors: { users: ['urn:li:corpuser:tagger'] }, resources: { entityTypes: ['dataset'], tagUrns: ['pii.*'] } },
  ];
  for (const p of policies) {
    const res = await app.request('POST', '/openapi/v3/policies', p, as('admin'));
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(() => app?.close());

describe('REST batches', () => {
  it('v3 batch POST of [a new dataset, tags on a missing dataset]: 404 naming item 1, and the new dataset is not stored', async () => {
    const created = ds(`new${serial++}`);
    const missing = ds(`missing${serial++}`);
    const res = await app.request('POST', '/openapi/v3/entity/dataset', [{ urn: created, datasetProperties: { value: { name: 'n' } } }, { urn: missing, globalTags: { value: { tags: [{ tag: PII }] } } }], as('admin'));
    expect(res.status, res.text).toBe(404);
    expect(res.body.items).toEqual([{ index: 1, urn: missing, aspect: 'globalTags', reason: expect.stringContaining('does not exist') }]);
    expect(res.body.message).toContain(`items[1] (${missing}, globalTags)`);
    expect(await exists(created)).toBe(false);
  });

  it('v2 batch POST refused by a right on item 1 writes nothing and names it', async () => {
    const [one, two] = [await freshDataset(), await freshDataset()];
    const body = [
      { urn: one, aspects: { globalTags: { value: { tags: [{ tag: PII }] } } } },
      { urn: two, aspects: { globalTags: { value: { tags: [{ tag: GOLD }] } } } },
    ];
    const res = await app.request('POST', '/openapi/v2/entity/dataset', body, as('steward'));
    expect(res.status, res.text).toBe(403);
    expect(res.body.items).toEqual([{ index: 1, urn: two, aspect: 'globalTags', reason: expect.stringContaining(GOLD) }]);
    expect(await tagsOf(one)).toEqual([]);
  });

  it('v3 batch PATCH of [a valid patch, a malformed patch]: 400 naming item 1, and the first patch is not applied', async () => {
    const [one, two] = [await freshDataset(), await freshDataset()];
    const body = [
      { urn: one, globalTags: { value: { patch: [{ op: 'add', path: '/tags/0', value: { tag: PII } }] } } },
      { urn: two, globalTags: { value: { patch: [{ op: 'fly', path: '/tags/0' }] } } },
    ];
    const res = await app.request('PATCH', '/openapi/v3/entity/dataset', body, as('admin'));
    expect(res.status, res.text).toBe(400);
    expect(res.body.items).toMatchObject([{ index: 1, urn: two, aspect: 'globalTags' }]);
    expect(await tagsOf(one)).toEqual([]);
  });

  it('v3 batch PATCH where a property right refuses item 1: 403 naming it, item 0 not written', async () => {
    const [one, two] = [await freshDataset(), await freshDataset()];
    const add = (property: string, value: unknown) => ({ patch: [{ op: 'add', path: `/properties/${property}`, value: { propertyUrn: property, values: [value] } }] });
    const body = [
      { urn: one, structuredProperties: { value: add(PRIVACY, { string: 'high' }) } },
      { urn: two, structuredProperties: { value: add(RETENTION, { double: 30 }) } },
    ];
    const res = await app.request('PATCH', '/openapi/v3/entity/dataset', body, as('steward'));
    expect(res.status, res.text).toBe(403);
    expect(res.body.items).toEqual([{ index: 1, urn: two, aspect: 'structuredProperties', reason: expect.stringContaining('io.acme.batch.retention') }]);
    expect(await propertiesOf(one)).not.toContain('high');
  });

  it('every refused item is named, not only the first', async () => {
    const [one, two, three] = [await freshDataset(), await freshDataset(), await freshDataset()];
    const body = [
      { urn: one, globalTags: { value: { tags: [{ tag: GOLD }] } } },
      { urn: two, globalTags: { value: { tags: [{ tag: PII }] } } },
      { urn: three, globalTags: { value: { tags: [{ tag: GOLD }] } } },
    ];
    const res = await app.request('POST', '/openapi/v3/entity/dataset', body, as('steward'));
    expect(res.status, res.text).toBe(403);
    expect(res.body.items.map((i: { index: number; urn: string }) => [i.index, i.urn])).toEqual([[0, one], [2, three]]);
    expect(res.body.message).toMatch(/^2 of 3 items refused/);
    expect(await tagsOf(two)).toEqual([]);
  });
});

describe('the wire', () => {
  const proposal = (entityType: string, urn: string, aspect: string, value: unknown) => ({ entityType, entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' } });

  it('ingestProposalBatch across entity types (a dataset, then a refused column): 403, the dataset not written', async () => {
    const urn = await freshDataset();
    const proposals = [proposal('dataset', urn, 'globalTags', { tags: [{ tag: PII }] }), proposal('schemaField', column(urn, 'email'), 'globalTags', { tags: [{ tag: GOLD }] })];
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals }, as('steward'));
    expect(res.status, res.text).toBe(403);
    expect(res.body.items).toMatchObject([{ index: 1, urn: column(urn, 'email'), aspect: 'globalTags' }]);
    expect(res.body.message).toContain(`proposals[1] (${column(urn, 'email')}, globalTags)`);
    expect(await tagsOf(urn)).toEqual([]);
  });

  it('a DELETE proposal in a batch of other changes: the rest refused leaves the aspect in place', async () => {
    const urn = await freshDataset();
    await app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: PII }] } }, as('admin'));
    const proposals = [
      { entityType: 'dataset', entityUrn: urn, changeType: 'DELETE', aspectName: 'globalTags' },
      proposal('dataset', ds(`missing${serial++}`), 'globalTags', { tags: [{ tag: PII }] }),
    ];
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals }, as('admin'));
    expect(res.status, res.text).toBe(404);
    expect(await tagsOf(urn)).toEqual([PII]);
  });

  it('a batch mixing UPSERT, CREATE, PATCH and DELETE across types applies them all, in order', async () => {
    const urn = ds(`mixed${serial++}`);
    const proposals = [
      proposal('dataset', urn, 'datasetProperties', { name: 'mixed' }),
      { ...proposal('dataset', urn, 'globalTags', { tags: [{ tag: GOLD }] }), changeType: 'CREATE' },
      { entityType: 'dataset', entityUrn: urn, changeType: 'PATCH', aspectName: 'globalTags', aspect: { value: JSON.stringify([{ op: 'add', path: '/tags/1', value: { tag: PII } }]), contentType: 'application/json-patch+json' } },
      proposal('schemaField', column(urn, 'email'), 'globalTags', { tags: [{ tag: PII }] }),
      { entityType: 'dataset', entityUrn: urn, changeType: 'DELETE', aspectName: 'datasetProperties' },
      { entityType: 'dataset', entityUrn: ds(`never${serial++}`), changeType: 'DELETE', aspectName: 'datasetProperties' },
    ];
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals }, as('admin'));
    expect(res.status, res.text).toBe(200);
    expect(await tagsOf(urn)).toEqual([GOLD, PII]);
    expect((await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, undefined, as('admin'))).status).toBe(404);
    const field = await app.request('GET', `/openapi/v3/entity/schemafield/${enc(column(urn, 'email'))}/globalTags`, undefined, as('admin'));
    expect(field.body?.globalTags?.value?.tags).toEqual([{ tag: PII }]);
    expect(await exists(proposals[5].entityUrn as string)).toBe(false);
  });

  it('a CREATE of an aspect that exists refuses the whole batch with 409', async () => {
    const urn = await freshDataset();
    const other = await freshDataset();
    const proposals = [proposal('dataset', other, 'globalTags', { tags: [{ tag: PII }] }), { ...proposal('dataset', urn, 'globalTags', { tags: [{ tag: GOLD }] }), changeType: 'CREATE' }];
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals }, as('admin'));
    expect(res.status, res.text).toBe(409);
    expect(await tagsOf(other)).toEqual([]);
  });
});

describe('GraphQL batch mutations', () => {
  it('batchAddTags on [a dataset, a column] where the column is refused writes nothing and names the column', async () => {
    const urn = await freshDataset();
    const mutation = `mutation { batchAddTags(input: {tagUrns: ["${PII}"], resources: [{resourceUrn: "${urn}"}, {resourceUrn: "${urn}", subResourceType: DATASET_FIELD, subResource: "email"}]}) }`;
    const res = await app.graphql(mutation, undefined, as('tagger'));
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 403 });
    expect(res.errors[0].message).toMatch(/resources\[1\]/);
    expect(await tagsOf(urn)).toEqual([]);
  });

  it('batchRemoveTags on [a dataset it may edit, one it may not] removes nothing', async () => {
    const [one, two] = [await freshDataset(), await freshDataset()];
    for (const urn of [one, two]) await app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: PII }, { tag: GOLD }] } }, as('admin'));
    const mutation = `mutation { batchRemoveTags(input: {tagUrns: ["${PII}"], resources: [{resourceUrn: "${one}"}, {resourceUrn: "${two}", subResourceType: DATASET_FIELD, subResource: "email"}]}) }`;
    const res = await app.graphql(mutation, undefined, as('tagger'));
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 403 });
    expect(await tagsOf(one)).toEqual([PII, GOLD]);
  });

  it('batchAddTags on several datasets it may edit tags every one', async () => {
    const [one, two] = [await freshDataset(), await freshDataset()];
    const res = await app.graphql(`mutation { batchAddTags(input: {tagUrns: ["${PII}"], resources: [{resourceUrn: "${one}"}, {resourceUrn: "${two}"}, {resourceUrn: "${two}", subResourceType: DATASET_FIELD, subResource: "email"}]}) }`, undefined, as('admin'));
    expect(res.errors).toBeUndefined();
    expect(await tagsOf(one)).toEqual([PII]);
    expect(await tagsOf(two)).toEqual([PII]);
  });
});
