/**
 * Conditional writes as the original's clients send them: an aspect's `headers` with If-Version-Match (the stored
 * aspect's version, -1 for none), If-Modified-Since and If-Unmodified-Since, on REST v3 batch writes and patches and on
 * the wire. A condition that does not hold answers 412 and writes nothing of the batch; a header Tessera does not know
 * or a malformed value answers 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { wireProposal } from './wire-proposals.js';

let app: TestApp;
const urn = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,cond.${name},PROD)`;
const write = (items: { name: string; description: string; headers?: Record<string, string> }[]) =>
  app.post('/openapi/v3/entity/dataset?async=false', items.map((i) => ({ urn: urn(i.name), datasetProperties: { value: { description: i.description }, ...(i.headers && { headers: i.headers }) } })));
const stored = async (name: string) => (await app.get(`/openapi/v3/entity/dataset/${enc(urn(name))}/datasetProperties?systemMetadata=true`)).body?.datasetProperties;

beforeAll(async () => {
  app = await startTestApp('conditional-writes');
});
afterAll(async () => app?.close());

describe('If-Version-Match', () => {
  it('-1 creates only what is absent; a version writes only over that version', async () => {
    expect((await write([{ name: 'a', description: 'one', headers: { 'If-Version-Match': '-1' } }])).status).toBe(200);
    const again = await write([{ name: 'a', description: 'two', headers: { 'If-Version-Match': '-1' } }]);
    expect(again.status).toBe(412);
    expect(again.body).toMatchObject({ error: 'Precondition Failed' });
    expect(again.body.message).toContain('expected version -1, stored version 1');
    expect((await stored('a')).value.description).toBe('one');
    const v = (await stored('a')).systemMetadata.version;
    expect(v).toBe('1');
    expect((await write([{ name: 'a', description: 'three', headers: { 'if-version-match': v } }])).status).toBe(200);
    expect((await write([{ name: 'a', description: 'stale', headers: { 'If-Version-Match': v } }])).status).toBe(412);
    expect((await stored('a')).value.description).toBe('three');
  });

  it('a batch with one condition that fails writes none of its items', async () => {
    await write([{ name: 'b1', description: 'kept' }]);
    const res = await write([
      { name: 'b2', description: 'new', headers: { 'If-Version-Match': '-1' } },
      { name: 'b1', description: 'over', headers: { 'If-Version-Match': '9' } },
    ]);
    expect(res.status).toBe(412);
    expect(res.body.message).toContain('expected version 9, stored version 1');
    expect((await stored('b1')).value.description).toBe('kept');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn('b2'))}`)).status).toBe(404);
  });

  it('holds for patches', async () => {
    await write([{ name: 'p', description: 'before' }]);
    const patch = (version: string) =>
      app.patch('/openapi/v3/entity/dataset?async=false', [{ urn: urn('p'), datasetProperties: { value: { patch: [{ op: 'add', path: '/description', value: `patched at ${version}` }] }, headers: { 'If-Version-Match': version } } }]);
    expect((await patch('2')).status).toBe(412);
    expect((await patch('1')).status).toBe(200);
    expect((await stored('p')).value.description).toBe('patched at 1');
  });
});

describe('If-Modified-Since and If-Unmodified-Since', () => {
  it('compare with when the aspect was last modified', async () => {
    await write([{ name: 't', description: 'first' }]);
    const past = '2001-01-01T00:00:00Z';
    const future = '2999-01-01T00:00:00Z';
    expect((await write([{ name: 't', description: 'x', headers: { 'If-Unmodified-Since': past } }])).status).toBe(412);
    expect((await write([{ name: 't', description: 'x', headers: { 'If-Modified-Since': future } }])).status).toBe(412);
    expect((await stored('t')).value.description).toBe('first');
    expect((await write([{ name: 't', description: 'second', headers: { 'If-Unmodified-Since': future, 'If-Modified-Since': past } }])).status).toBe(200);
    expect((await stored('t')).value.description).toBe('second');
    // An absent aspect was never modified: it is unmodified since any time, and modified since none.
    expect((await write([{ name: 't-new', description: 'x', headers: { 'If-Modified-Since': past } }])).status).toBe(412);
    expect((await write([{ name: 't-new', description: 'x', headers: { 'If-Unmodified-Since': past } }])).status).toBe(200);
  });
});

describe('refusals', () => {
  it('names an unknown header and a malformed value, with 400', async () => {
    const unknown = await write([{ name: 'r', description: 'x', headers: { 'If-Match': '"abc"' } }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('header If-Match is not supported');
    const bad = await write([{ name: 'r', description: 'x', headers: { 'If-Version-Match': 'latest' } }]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('If-Version-Match must be an aspect version');
    const badTime = await write([{ name: 'r', description: 'x', headers: { 'If-Modified-Since': 'yesterday' } }]);
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toContain('If-Modified-Since must be an ISO-8601 instant');
  });
});

describe('on the wire', () => {
  it('ingestProposal and ingestProposalBatch take the same headers', async () => {
    const proposal = (description: string, headers: Record<string, string>) => wireProposal(urn('w'), 'datasetProperties', { description }, { headers });
    expect((await app.post('/gms/aspects?action=ingestProposal', { proposal: proposal('one', { 'If-Version-Match': '-1' }) })).status).toBe(200);
    const refused = await app.post('/gms/aspects?action=ingestProposal', { proposal: proposal('two', { 'If-Version-Match': '-1' }) });
    expect(refused.status).toBe(412);
    const batch = await app.post('/gms/aspects?action=ingestProposalBatch', { proposals: [proposal('three', { 'If-Version-Match': '1' }), proposal('four', { 'If-Version-Match': '1' })] });
    // The second proposal of the batch meets the version the first one wrote: the batch is refused whole.
    expect(batch.status).toBe(412);
    expect((await stored('w')).value.description).toBe('one');
  });
});
