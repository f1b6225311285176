import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { Emitter, TesseraApiError, TesseraClient, TesseraValidationError, createProposal } from '../../src/sdk/index.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,sdk.${name},PROD)`;
let app: TestApp;
let token: string;

/** A fetch that records every call it passes on to the real server. */
function countingFetch() {
  const calls: { method: string; url: string }[] = [];
  const f: typeof fetch = async (input, init) => {
    calls.push({ method: init?.method ?? 'GET', url: String(input) });
    return fetch(input, init);
  };
  return { fetch: f, calls };
}

const clientFor = (extra: Partial<ConstructorParameters<typeof TesseraClient>[0]> = {}) => new TesseraClient({ server: `${app.url}/gms`, token, ...extra });

beforeAll(async () => {
  app = await startTestApp('sdk-emitter');
  token = await mintToken(TEST_SECRET, 'urn:li:corpuser:emitter', 3600);
});
afterAll(async () => app?.close());

describe('Emitter over POST /aspects?action=ingestProposal', () => {
  it('writes a whole aspect, answers the urn, and stamps the token subject', async () => {
    const emitter = new Emitter(clientFor());
    const urn = await emitter.upsertAspect(ds('one'), 'datasetProperties', { name: 'one', description: 'first', customProperties: { k: 'v' } });
    expect(urn).toBe(ds('one'));
    const read = await app.get(`/openapi/v3/entity/dataset/${enc(ds('one'))}/datasetProperties?systemMetadata=true`);
    expect(read.body.datasetProperties.value).toEqual({ name: 'one', description: 'first', customProperties: { k: 'v' } });
    expect(read.body.datasetProperties.systemMetadata.aspectCreated.actor).toBe('urn:li:corpuser:emitter');
    expect(await emitter.client.getAspect(ds('one'), 'datasetProperties')).toEqual({ name: 'one', description: 'first', customProperties: { k: 'v' } });
  });

  it('patches, deletes and create-only writes through the same wire', async () => {
    const emitter = new Emitter(clientFor());
    await emitter.patchAspect(ds('one'), 'datasetProperties', [{ op: 'add', path: '/description', value: 'patched' }]);
    expect(await emitter.client.getAspect(ds('one'), 'datasetProperties')).toMatchObject({ name: 'one', description: 'patched' });
    await emitter.emit({ entityUrn: ds('one'), aspectName: 'status', value: { removed: false } });
    await emitter.emit({ entityUrn: ds('one'), aspectName: 'status', changeType: 'DELETE' });
    expect(await emitter.client.getAspect(ds('one'), 'status')).toBeNull();
    const again = emitter.emit({ entityUrn: ds('one'), aspectName: 'datasetProperties', changeType: 'CREATE', value: { name: 'x' } });
    await expect(again).rejects.toMatchObject({ status: 409 });
  });

  it('sends batches of batchSize, in order, and every change lands', async () => {
    const counting = countingFetch();
    const emitter = new Emitter(clientFor({ fetch: counting.fetch }), { batchSize: 100 });
    const changes = Array.from({ length: 250 }, (_, i) => ({ entityUrn: ds(`batch${i % 50}`), aspectName: 'datasetProperties', value: { name: `n${i}` } }));
    expect(await emitter.emitBatch(changes)).toBe(250);
    expect(counting.calls.map((c) => new URL(c.url).searchParams.get('action'))).toEqual(['ingestProposalBatch', 'ingestProposalBatch', 'ingestProposalBatch']);
    // The last write of each dataset wins: i = 200..249.
    for (const i of [0, 17, 49]) expect(await emitter.client.getAspect(ds(`batch${i}`), 'datasetProperties')).toEqual({ name: `n${200 + i}` });
  });

  it('validates with the aspect schemas before sending anything', async () => {
    const counting = countingFetch();
    const emitter = new Emitter(clientFor({ fetch: counting.fetch }));
    await expect(emitter.upsertAspect(ds('v'), 'datasetProperties', { name: 5 })).rejects.toThrow(/Invalid datasetProperties .*datasetProperties\.name/);
    await expect(emitter.upsertAspect(ds('v'), 'datasetProperties', { colour: 'red' })).rejects.toThrow(/unknown field\(s\) 'colour'/);
    await expect(emitter.upsertAspect(ds('v'), 'nonsense', {})).rejects.toThrow(/Unknown aspect nonsense for entity dataset/);
    await expect(emitter.upsertAspect('urn:li:dataset:(hive,x)', 'status', { removed: true })).rejects.toBeInstanceOf(TesseraValidationError);
    await expect(emitter.patchAspect(ds('v'), 'globalTags', { patch: [{ op: 'explode', path: '/x' }] } as any)).rejects.toThrow(/Invalid patch/);
    const batch = emitter.emitBatch([{ entityUrn: ds('v'), aspectName: 'status', value: { removed: false } }, { entityUrn: ds('v'), aspectName: 'status', value: { removed: 'no' } }]);
    await expect(batch).rejects.toThrow(/^changes\[1\]: Invalid status/);
    expect(counting.calls).toHaveLength(0);
  });
});

describe('TesseraClient reads', () => {
  it('reads entities, pages through a type, checks existence and runs GraphQL', async () => {
    const client = clientFor();
    await app.refresh();
    const urns: string[] = [];
    for await (const e of client.scrollEntities('dataset', { count: 7, aspects: ['datasetKey'] })) urns.push(e.urn);
    expect(urns.filter((u) => u.includes('sdk.batch'))).toHaveLength(50);
    expect(new Set(urns).size).toBe(urns.length);
    expect(await client.getEntity(ds('batch3'), ['datasetKey'])).toEqual({ urn: ds('batch3'), aspects: { datasetKey: { platform: 'urn:li:dataPlatform:hive', name: 'sdk.batch3', origin: 'PROD' } } });
    expect(await client.getEntity(ds('nothing'))).toBeNull();
    expect(await client.exists(ds('batch3'))).toBe(true);
    expect(await client.exists(ds('nothing'))).toBe(false);
    expect(await client.graphql('{ __typename }')).toEqual({ __typename: 'Query' });
    await expect(client.graphql('{ nope }')).rejects.toThrow(/nope/);
    await expect(new TesseraClient({ server: app.url }).graphql('{ __typename }')).rejects.toMatchObject({ status: 401, error: 'Unauthorized' });
    await client.deleteEntity(ds('batch3'));
    expect(await client.exists(ds('batch3'))).toBe(false);
  });
});

describe('the ingestProposal wire itself', () => {
  const proposal = (over: Record<string, unknown> = {}) => ({ ...createProposal({ entityType: 'dataset', entityUrn: ds('wire'), aspectName: 'datasetProperties', value: { name: 'w' } }), ...over });

  it('answers {"value": urn} for one proposal and {"value": "success"} for a batch, at / and /gms', async () => {
    const one = await app.post('/aspects?action=ingestProposal', { proposal: proposal(), async: 'false' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ value: ds('wire') });
    const batch = await app.post('/gms/aspects?action=ingestProposalBatch', { proposals: [proposal(), proposal({ aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } })], async: 'true' });
    expect(batch.status).toBe(200);
    expect(batch.body).toEqual({ value: 'success' });
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(ds('wire'))}/status`)).body).toEqual({ value: { removed: false } });
  });

  it('answers 422 {error, message} for invalid proposals and writes nothing from a refused batch', async () => {
    const cases: [unknown, RegExp][] = [
      [{ async: 'false' }, /proposal/],
      [{ proposal: proposal({ changeType: 'RESTATE' }) }, /changeType RESTATE is not supported/],
      [{ proposal: proposal({ aspect: { value: '{"name": ', contentType: 'application/json' } }) }, /not valid JSON/],
      [{ proposal: proposal({ aspect: { value: '{"name": 5}', contentType: 'application/json' } }) }, /datasetProperties\.name/],
      [{ proposal: proposal({ aspectName: 'nonsense' }) }, /Unknown aspect nonsense/],
      [{ proposal: proposal({ entityUrn: 'urn:li:dataset:(nope)' }) }, /Invalid urn/],
      [{ proposal: proposal({ entityType: 'tag' }) }, /expected an urn of entity type tag/],
      [{ proposal: proposal({ extra: 1 }) }, /unknown field\(s\) 'extra'/],
      [{ proposal: proposal({ aspect: { value: '{}', contentType: 'text/plain' } }) }, /contentType text\/plain is not supported/],
      [{ proposal: proposal({ changeType: 'PATCH', aspect: { value: '{"nopatch": 1}', contentType: 'application/json-patch+json' } }) }, /Missing `patch` field/],
    ];
    for (const [body, message] of cases) {
      const r = await app.post('/aspects?action=ingestProposal', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.message, JSON.stringify(body)).toMatch(message);
      expect(typeof r.body.error).toBe('string');
    }
    const fresh = ds('refused');
    const batch = await app.post('/aspects?action=ingestProposalBatch', {
      proposals: [proposal({ entityUrn: fresh }), proposal({ entityUrn: fresh, aspect: { value: '{"bogus": true}', contentType: 'application/json' } })],
    });
    expect(batch.status).toBe(422);
    expect(batch.body.message).toMatch(/^proposals\[1\] \(urn:li:dataset:\(urn:li:dataPlatform:hive,[^)]*refused,PROD\), datasetProperties\): /);
    expect(batch.body.items).toMatchObject([{ index: 1, urn: fresh, aspect: 'datasetProperties' }]);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(fresh)}`)).status).toBe(404);
  });

  it('keeps the usual status for errors that are not validation (404 for tags on a missing dataset)', async () => {
    const r = await app.post('/aspects?action=ingestProposal', { proposal: proposal({ entityUrn: ds('missing'), aspectName: 'globalTags', aspect: { value: '{"tags":[]}', contentType: 'application/json' } }) });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('Not Found');
  });
});
