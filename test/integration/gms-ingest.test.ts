/** The original client's write wire under /gms: proposals with system metadata, patches with multi-part keys, refusals, CREATE_MISSING_ENTITIES. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { wireProposal } from './wire-proposals.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.ingest,PROD)';
const SEP = '\u241F';
let app: TestApp;
let lenient: TestApp;

const proposal = wireProposal;
const patchProposal = (entityUrn: string, aspectName: string, patch: unknown) => ({
  entityType: 'dataset', entityUrn, changeType: 'PATCH', aspectName, aspect: { value: JSON.stringify(patch), contentType: 'application/json-patch+json' },
});
const ingest = (t: TestApp, p: unknown) => t.post('/gms/aspects?action=ingestProposal', { proposal: p, async: 'false' });
const aspectOf = async (t: TestApp, urn: string, aspect: string) => (await t.get(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`)).body?.[aspect]?.value;

beforeAll(async () => {
  [app, lenient] = await Promise.all([startTestApp('gms-ingest'), startTestApp('gms-ingest-create', { CREATE_MISSING_ENTITIES: 'true' })]);
  expect((await ingest(app, proposal(DS, 'datasetProperties', { name: 'ingest', customProperties: {} }))).status).toBe(200);
});
afterAll(async () => Promise.all([app?.close(), lenient?.close()]));

describe('system metadata and headers', () => {
  it('stores the writer system metadata (object or JSON string) and echoes it on entitiesV2', async () => {
    const sm = { lastObserved: 1700000000000, runId: 'run-1', properties: { clientId: 'acryl-datahub' } };
    expect((await ingest(app, proposal(DS, 'status', { removed: false }, { systemMetadata: sm }))).status).toBe(200);
    expect((await ingest(app, proposal(DS, 'subTypes', { typeNames: ['Table'] }, { systemMetadata: JSON.stringify({ ...sm, runId: 'run-2' }) }))).status).toBe(200);
    const res = await app.get(`/gms/entitiesV2/${enc(DS)}?aspects=List(status,subTypes)`);
    expect(res.body.aspects.status.systemMetadata).toMatchObject({ ...sm, version: '1' });
    expect(res.body.aspects.subTypes.systemMetadata).toMatchObject({ runId: 'run-2' });
    expect(res.body.aspects.status.systemMetadata.aspectCreated.actor).toBe('urn:li:corpuser:tester');
  });

  it('refuses unknown system metadata fields and headers other than the write conditions with 422 naming them', async () => {
    const bad = await ingest(app, proposal(DS, 'status', { removed: false }, { systemMetadata: { runId: 'x', colour: 'red' } }));
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('colour');
    const headers = await ingest(app, proposal(DS, 'status', { removed: false }, { headers: { 'X-Colour': 'red' } }));
    expect(headers.status).toBe(422);
    expect(headers.body.message).toContain('header X-Colour is not supported');
    // The conditions themselves are taken (conditional-writes.test.ts): one that does not hold answers 412.
    const condition = await ingest(app, proposal(DS, 'status', { removed: false }, { headers: { 'If-Version-Match': '999' } }));
    expect(condition.status).toBe(412);
  });
});

describe('refusals', () => {
  it('refuses an aspect Tessera does not model with 422 naming it', async () => {
    const res = await ingest(app, proposal(DS, 'datasetProfiles', { timestampMillis: 1 }));
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('datasetProfiles');
    const unknownType = await ingest(app, proposal('urn:li:glossaryTerm:t', 'glossaryTermInfo', { definition: 'd' }));
    expect(unknownType.status).toBe(422);
    expect(unknownType.body.message).toContain('glossaryTerm');
  });

  it('refuses a batch as a whole when one proposal is bad', async () => {
    const other = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.batch,PROD)';
    const res = await app.post('/gms/aspects/?action=ingestProposalBatch', { proposals: [proposal(other, 'status', { removed: false }), proposal(other, 'domains', { domains: 'x' })] });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('proposals[1]');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(other)}`)).status).toBe(404);
  });
});

describe('patches the client builds', () => {
  it('adds and removes tags keyed by (attribution source, tag)', async () => {
    const keys = { tags: [`attribution${SEP}source`, 'tag'] };
    await ingest(app, patchProposal(DS, 'globalTags', { arrayPrimaryKeys: keys, patch: [{ op: 'add', path: '/tags//urn:li:tag:t1', value: { tag: 'urn:li:tag:t1' } }] }));
    await ingest(app, patchProposal(DS, 'globalTags', { arrayPrimaryKeys: keys, patch: [{ op: 'add', path: '/tags//urn:li:tag:t2', value: { tag: 'urn:li:tag:t2' } }] }));
    const src = { time: 1, actor: 'urn:li:corpuser:a', source: 'urn:li:dataHubAction:x' };
    await ingest(app, patchProposal(DS, 'globalTags', { arrayPrimaryKeys: keys, patch: [{ op: 'add', path: `/tags/${enc('urn:li:dataHubAction:x').replace(/%3A/g, ':')}/urn:li:tag:t1`, value: { tag: 'urn:li:tag:t1', attribution: src } }] }));
    expect((await aspectOf(app, DS, 'globalTags')).tags).toHaveLength(3);
    // A path without the source segment matches every source.
    const removed = await ingest(app, patchProposal(DS, 'globalTags', { arrayPrimaryKeys: { tags: ['tag', `attribution${SEP}source`] }, patch: [{ op: 'remove', path: '/tags/urn:li:tag:t1' }] }));
    expect(removed.status).toBe(200);
    expect(await aspectOf(app, DS, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:t2' }] });
  });

  it('applies a forceGenericPatch as a plain JSON patch: arrays by index', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,gms.generic,PROD)';
    await ingest(app, proposal(urn, 'status', { removed: false }));
    await ingest(app, proposal(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }));
    const res = await ingest(app, patchProposal(urn, 'globalTags', { forceGenericPatch: true, patch: [{ op: 'add', path: '/tags/0', value: { tag: 'urn:li:tag:first' } }] }));
    expect(res.status).toBe(200);
    expect(await aspectOf(app, urn, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:first' }, { tag: 'urn:li:tag:a' }] });
  });

  it('patches datasetProperties with a plain op list and tests structurally', async () => {
    const ok = await ingest(app, patchProposal(DS, 'datasetProperties', [{ op: 'add', path: '/customProperties', value: { b: '2', a: '1' } }, { op: 'add', path: '/description', value: 'patched' }]));
    expect(ok.status).toBe(200);
    const tested = await ingest(app, patchProposal(DS, 'datasetProperties', [{ op: 'test', path: '/customProperties', value: { a: '1', b: '2' } }, { op: 'add', path: '/name', value: 'renamed' }]));
    expect(tested.status).toBe(200);
    expect(await aspectOf(app, DS, 'datasetProperties')).toEqual({ name: 'renamed', description: 'patched', customProperties: { b: '2', a: '1' } });
    const failed = await ingest(app, patchProposal(DS, 'datasetProperties', [{ op: 'test', path: '/customProperties', value: { a: '1' } }]));
    expect(failed.status).toBe(422);
    expect(failed.body.message).toContain('test failed');
  });
});

describe('CREATE_MISSING_ENTITIES', () => {
  const missing = (n: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,gms.missing${n},PROD)`;

  it('is off by default: annotation writes to a missing entity are refused on every interface', async () => {
    expect((await ingest(app, proposal(missing('1'), 'globalTags', { tags: [] }))).status).toBe(404);
    expect((await app.post(`/openapi/v3/entity/dataset/${enc(missing('1'))}/globalTags?createIfNotExists=false`, { value: { tags: [] } })).status).toBe(404);
    expect((await app.get(`/gms/aspects/${enc(missing('1'))}?aspect=datasetKey&version=0`)).status).toBe(404);
  });

  it('when on, such writes create the entity with its key aspect, over /gms and REST v3', async () => {
    expect((await ingest(lenient, proposal(missing('2'), 'globalTags', { tags: [{ tag: 'urn:li:tag:x' }] }))).status).toBe(200);
    expect((await lenient.get(`/gms/aspects/${enc(missing('2'))}?aspect=datasetKey&version=0`)).status).toBe(200);
    expect((await lenient.post(`/openapi/v3/entity/dataset/${enc(missing('3'))}/editableSchemaMetadata?createIfNotExists=false`, { value: { editableSchemaFieldInfo: [] } })).status).toBe(200);
    const v3 = await lenient.get(`/openapi/v3/entity/dataset/${enc(missing('3'))}`);
    expect(v3.body.datasetKey.value).toEqual({ platform: 'urn:li:dataPlatform:hive', name: 'gms.missing3', origin: 'PROD' });
  });

  it('applies to GraphQL value writes too, on and off', async () => {
    const sp = 'urn:li:structuredProperty:gms.ingest.team';
    const def = { qualifiedName: 'gms.ingest.team', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    const mutation = (urn: string) => `mutation { upsertStructuredProperties(input: {assetUrn: "${urn}", structuredPropertyInputParams: [{structuredPropertyUrn: "${sp}", values: [{stringValue: "core"}]}]}) { properties { values { ... on StringValue { stringValue } } } } }`;
    for (const t of [app, lenient]) expect((await ingest(t, proposal(sp, 'propertyDefinition', def))).status).toBe(200);
    const refused = await app.graphql(mutation(missing('4')));
    expect(refused.errors[0].message).toContain('does not exist');
    const created = await lenient.graphql(mutation(missing('4')));
    expect(created.errors).toBeUndefined();
    expect((await lenient.get(`/gms/aspects/${enc(missing('4'))}?aspect=datasetKey&version=0`)).status).toBe(200);
  });
});
