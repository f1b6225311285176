import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { enc, startTestApp, type TestApp, type TestResponse } from './harness.js';
import { createDataset, datasetUrn, defineProperty, NUMBER, propertyUrn, restSearch, scrollError, setValues, STRING } from './search-helpers.js';

// The hostile corpus: every input here is refused with a precise 4xx JSON answer, and none of it reaches OpenSearch.
let app: TestApp;
let proxy: CountingProxy;
const DS = datasetUrn('db.hostile');
const props = (customProperties: string) => `{"value":{"description":"x","customProperties":${customProperties}}}`;

beforeAll(async () => {
  proxy = await startCountingProxy(inject('opensearchUrl'));
  app = await startTestApp('hostile', { OPENSEARCH_URL: proxy.url, MAX_BODY_BYTES: '1048576', MAX_BATCH_ITEMS: '5', CHANGE_RELAY_ENABLED: 'false' });
  await createDataset(app, 'db.hostile');
});
afterAll(async () => {
  await app?.close();
  await proxy?.close();
});

/** Sends each request and checks it is refused with `status` and a JSON message, without one engine call. */
async function refusedUnseen(status: number, send: () => Promise<TestResponse>, message?: RegExp): Promise<TestResponse> {
  proxy.reset();
  const r = await send();
  expect(r.status, r.text).toBe(status);
  expect(typeof r.body?.message, r.text).toBe('string');
  if (message) expect(r.body.message).toMatch(message);
  expect(proxy.seen, `sent to OpenSearch for a refused request: ${r.text}`).toEqual([]);
  return r;
}

/** A GraphQL operation refused with extensions.code 400 (never a 500), without one engine call. */
async function graphqlRefused(query: string, variables?: Record<string, unknown>, path = '/api/graphql'): Promise<string> {
  proxy.reset();
  const r = await app.request('POST', path, { query, variables });
  expect(r.status, r.text).toBeLessThan(500);
  expect(r.body.errors?.[0]?.extensions?.code, r.text).toBe(400);
  expect(proxy.seen).toEqual([]);
  return r.body.errors[0].message;
}

describe('prototype keys', () => {
  const aspectPath = `/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`;

  it('are refused with 400 naming the path on REST v2, v3, batch, PATCH and GraphQL variables, at any depth', async () => {
    await refusedUnseen(400, () => app.request('POST', aspectPath, props('{"__proto__":{"k":"yes"}}')), /body\.value\.customProperties\.__proto__/);
    await refusedUnseen(400, () => app.request('POST', `/openapi/v2/entity/dataset/${enc(DS)}/datasetProperties`, '{"description":"x","customProperties":{"a":"b","__proto__":"x"}}'), /__proto__/);
    await refusedUnseen(400, () => app.request('POST', '/openapi/v3/entity/dataset', `[{"urn":"${DS}","datasetProperties":{"value":{"customProperties":{"__proto__":{}}}}}]`), /body\[0\]\.datasetProperties/);
    await refusedUnseen(400, () => app.request('PATCH', aspectPath, '[{"op":"add","path":"/customProperties/k","value":{"__proto__":{"polluted":"1"}}}]', { contentType: 'application/json-patch+json' }));
    await refusedUnseen(400, () => app.request('POST', aspectPath, '{"value":{"name":"n","tags":[[[{"constructor":{"prototype":{"x":1}}}]]]}}'), /constructor\.prototype/);
    // Spelled with escapes, the keys read the same once parsed: still refused.
    await refusedUnseen(400, () => app.request('POST', aspectPath, props('{"\\u005f_proto__":{"k":"yes"}}')), /customProperties\.__proto__/);
    await refusedUnseen(400, () => app.request('POST', aspectPath, '{"value":{"name":"n","x":{"\\u0063onstructor":{"prototype":{"x":1}}}}}'), /constructor\.prototype/);
    const q = 'mutation m($input: CreateTagInput!) { createTag(input: $input) }';
    await refusedUnseen(400, () => app.request('POST', '/api/graphql', `{"query":${JSON.stringify(q)},"variables":{"input":{"id":"t","name":"n","__proto__":{"x":1}}}}`), /__proto__/);
  });

  it('are refused inside the wire proposal (the aspect travels as a JSON string)', async () => {
    const proposal = { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { value: '{"description":"x","customProperties":{"__proto__":{"k":"yes"}}}', contentType: 'application/json' } };
    const r = await app.post('/aspects?action=ingestProposal', { proposal });
    expect(r.status, r.text).toBe(422);
    expect(r.body.message).toContain('__proto__');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`)).body.datasetProperties.value.customProperties ?? {}).not.toHaveProperty('k');
  });

  it('a document already stored with one (by another tool) reads back without it on every read path, never a 500', async () => {
    const urn = datasetUrn('db.poisoned');
    await createDataset(app, 'db.poisoned', { description: 'before' });
    const id = urn;
    const index = app.services.names.entity('dataset');
    const current = (await app.raw.get({ index, id })).body._source as any;
    const poisoned = JSON.stringify(current).replace('"description":"before"', '"description":"after","customProperties":{"ok":"1","__proto__":{"k":"yes"}}');
    await app.raw.transport.request({ method: 'PUT', path: `/${index}/_doc/${encodeURIComponent(id)}`, querystring: { refresh: 'true' }, body: poisoned });
    const rest = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.datasetProperties.value).toEqual({ name: 'db.poisoned', description: 'after', customProperties: { ok: '1' } });
    const gql = await app.graphql(`{ dataset(urn: "${urn}") { properties { description customProperties { key value } } } }`);
    expect(gql.errors).toBeUndefined();
    expect(gql.data.dataset.properties.customProperties).toEqual([{ key: 'ok', value: '1' }]);
    const list = await restSearch(app, encodeURIComponent('*'));
    expect(list.status, list.text).toBe(200);
    expect(list.body.entities.map((e: any) => e.urn)).toContain(urn);
    // And it can be repaired by an ordinary write.
    expect((await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { description: 'repaired' } })).status).toBe(200);
  });
});

describe('URNs', () => {
  const nul = 'urn:li:dataset:(urn:li:dataPlatform:hive,h\u0000x,PROD)';
  const ansi = 'urn:li:dataset:(urn:li:dataPlatform:hive,\u001b[31mred,PROD)';

  it('with a control character are a 400 on REST, GraphQL and the wire, before any engine call', async () => {
    for (const urn of [nul, ansi, 'urn:li:tag:a\u007fb']) {
      const type = urn.startsWith('urn:li:tag') ? 'tag' : 'dataset';
      await refusedUnseen(400, () => app.request('POST', `/openapi/v3/entity/${type}/${enc(urn)}/status`, { value: { removed: false } }), /control character U\+00(00|1B|7F)/);
      await refusedUnseen(400, () => app.get(`/openapi/v3/entity/${type}/${enc(urn)}`), /control character/);
      await refusedUnseen(400, () => app.get(`/openapi/v2/entity/${type}/${enc(urn)}/status`));
      expect(await graphqlRefused('query q($u: String!) { entity(urn: $u) { urn } }', { u: urn })).toMatch(/control character/);
      await refusedUnseen(422, () => app.post('/aspects?action=ingestProposal', { proposal: { entityType: type, entityUrn: urn, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } } }));
    }
  });

  it('with an unpaired surrogate (a JSON "\\ud800" escape) are a 400 on GraphQL, the REST batch and the wire', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,half\uD800,PROD)';
    expect(await graphqlRefused('query q($u: String!) { entity(urn: $u) { urn } }', { u: urn })).toMatch(/unpaired surrogate U\+D800/);
    const batch = await app.post('/openapi/v3/entity/dataset', [{ urn, status: { value: { removed: false } } }]);
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toMatch(/unpaired surrogate/);
    await refusedUnseen(422, () => app.post('/aspects?action=ingestProposal', { proposal: { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } } }));
  });

  it('longer than 512 characters percent-encoded are a 400 naming the setting', async () => {
    const long = datasetUrn(`db.${'é'.repeat(100)}`); // 100 characters, 600 encoded
    await refusedUnseen(400, () => app.post(`/openapi/v3/entity/dataset/${enc(long)}/status`, { value: { removed: false } }), /limit of 512 \(setting MAX_URN_LENGTH\)/);
  });
});

describe('bodies', () => {
  const path = `/openapi/v3/entity/dataset/${enc(DS)}/status`;
  const raw = (body: Buffer | string, contentType: string) =>
    fetch(`${app.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${app.token}`, 'content-type': contentType }, body }).then(async (r) => {
      const text = await r.text();
      return { status: r.status, headers: r.headers, text, body: JSON.parse(text) } as TestResponse;
    });

  /** Sends `body` as it is, with a declared length, chunked, or gzip-compressed with a declared length. */
  const sent = (url: string, body: string, how: 'length' | 'chunked' | 'gzip', contentType = 'application/json') =>
    new Promise<{ status: number; body: any; connection?: string }>((resolve, reject) => {
      const bytes = how === 'gzip' ? gzipSync(body) : Buffer.from(body);
      const headers: Record<string, string | number> = { authorization: `Bearer ${app.token}`, 'content-type': contentType };
      if (how === 'chunked') headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = bytes.length;
      if (how === 'gzip') headers['content-encoding'] = 'gzip';
      const req = http.request(`${app.url}${url}`, { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c) => (text += c)).on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), ...(res.headers.connection === 'close' ? { connection: 'close' } : {}) }));
      });
      req.on('error', reject);
      // A refused body is not read to its end: the server closes the connection after answering, so
      // writing the rest of it may fail once the answer is in; that is the expected end, not an error.
      req.on('socket', (socket) => socket.on('error', () => undefined));
      if (how === 'chunked') for (let i = 0; i < bytes.length; i += 7) req.write(bytes.subarray(i, i + 7));
      req.end(how === 'chunked' ? undefined : bytes);
    });

  it('reads a body alike whether its length is declared, it is chunked or gzip-compressed, and refuses bad JSON alike', async () => {
    const query = JSON.stringify({ query: 'query q($u: String!) { dataset(urn: $u) { urn } }', variables: { u: DS } });
    const answers = await Promise.all((['length', 'chunked', 'gzip'] as const).map((how) => sent('/api/graphql', query, how)));
    for (const a of answers) expect(a).toEqual({ status: 200, body: { data: { dataset: { urn: DS } }, extensions: {} } });
    for (const bad of ['{"value": {"removed": fals}}', '{"value": ', '\ufeff{"value": {"removed": false}}x']) {
      const refusals = await Promise.all((['length', 'chunked', 'gzip'] as const).map((how) => sent(path, bad, how)));
      expect(refusals[0].status, bad).toBe(400);
      expect(refusals[0].body.message, bad).toMatch(/^Invalid JSON: /);
      for (const r of refusals.slice(1)) expect(r, bad).toEqual(refusals[0]);
    }
    const empty = await Promise.all((['length', 'chunked'] as const).map((how) => sent(path, '', how)));
    expect(empty[0]).toEqual(empty[1]);
  });

  it('decides media type and charset by one rule however the body arrives: charset=utf8 is UTF-8, charset=latin1 is refused', async () => {
    const good = JSON.stringify({ value: { removed: false } });
    const upsert = `${path.replace('/status', '/datasetProperties')}?createIfNotExists=false`;
    for (const how of ['length', 'chunked', 'gzip'] as const) {
      expect((await sent(upsert, JSON.stringify({ value: { name: how } }), how, 'application/json; charset=utf8')).status, how).toBe(200);
      expect((await sent(upsert, JSON.stringify({ value: { name: how } }), how, 'application/json; charset="UTF_8"')).status, how).toBe(200);
      const refused = await sent(path, good, how, 'application/json; charset=latin1');
      expect({ status: refused.status, body: refused.body }, how).toEqual({ status: 415, body: { error: 'Unsupported Media Type', message: 'Unsupported charset latin1: bodies must be UTF-8' } });
    }
    // An oversized body is refused alike, counted after decoding.
    const big = JSON.stringify({ value: { removed: false, pad: 'x'.repeat(1_100_000) } });
    for (const how of ['length', 'chunked', 'gzip'] as const) {
      const refused = await sent(path, big, how);
      expect(refused.status, how).toBe(413);
      expect(refused.connection, how).toBe('close');
    }
  });

  it('answers a 20 MB body with the 413 and its JSON body, never a reset, however it arrives (the rest is read and dropped, then the connection closes)', async () => {
    const huge = JSON.stringify({ value: { removed: false, pad: 'x'.repeat(20 * 1024 * 1024) } });
    const expected = { error: 'Payload Too Large', message: 'Request body exceeds the limit of 1048576 bytes (setting MAX_BODY_BYTES)' };
    for (const how of ['length', 'chunked'] as const) {
      const refused = await sent(path, huge, how);
      expect({ status: refused.status, body: refused.body, connection: refused.connection }, how).toEqual({ status: 413, body: expected, connection: 'close' });
    }
    const fetched = await raw(huge, 'application/json');
    expect({ status: fetched.status, body: fetched.body }).toEqual({ status: 413, body: expected });
    // A client that writes its whole body before it reads (as many do) still reads the answer, not a reset.
    const answer = await new Promise<string>((resolve, reject) => {
      const { port, hostname } = new URL(app.url);
      const socket = connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      socket.on('error', (e) => reject(new Error(`the connection failed: ${e.message}; read so far: ${Buffer.concat(chunks).toString().slice(0, 200)}`)));
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
      socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${app.token}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(huge)}\r\n\r\n`);
      socket.pause();
      socket.write(huge, () => socket.resume());
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(expected);
    // Four 20 MB bodies through loopback: generous room on a loaded machine (the time is not what is tested).
  }, 180_000);

  it('refuses invalid UTF-8 (400), other charsets and non-JSON types (415), oversized (413) and deeply nested (400) bodies', async () => {
    await refusedUnseen(400, () => raw(Buffer.from([0x7b, 0x22, 0x76, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'), /not valid UTF-8/);
    await refusedUnseen(415, () => raw('{"value":{"removed":false}}', 'application/json; charset=utf-7'), /charset utf-7/);
    await refusedUnseen(415, () => raw('{"value":{"removed":false}}', 'application/json; charset=ISO-8859-1'));
    await refusedUnseen(415, () => raw('{"value":{"removed":false}}', 'text/plain'), /Content-Type text\/plain/);
    await refusedUnseen(413, () => raw(JSON.stringify({ value: { removed: false, pad: 'x'.repeat(1_100_000) } }), 'application/json'), /setting MAX_BODY_BYTES/);
    await refusedUnseen(400, () => raw(`{"value":${'['.repeat(65)}${']'.repeat(65)}}`, 'application/json'), /deeper than 64 levels \(setting MAX_JSON_DEPTH\)/);
    // UTF-8 with a charset that says so is fine.
    expect((await raw('{"value":{"removed":false}}', 'application/json; charset=UTF-8')).status).toBe(200);
  });

  it('refuses batches over the limit (400 naming the setting) on REST and the wire', async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ urn: datasetUrn(`db.b${i}`), status: { value: { removed: false } } }));
    await refusedUnseen(400, () => app.post('/openapi/v3/entity/dataset', items), /6 items exceeds the limit of 5 \(setting MAX_BATCH_ITEMS\)/);
    const proposals = items.map((i) => ({ entityType: 'dataset', entityUrn: i.urn, changeType: 'UPSERT', aspectName: 'status', aspect: { value: '{"removed":false}', contentType: 'application/json' } }));
    await refusedUnseen(422, () => app.post('/aspects?action=ingestProposalBatch', { proposals }), /MAX_BATCH_ITEMS/);
  });

  it('answers an oversized request head with a JSON 431, and a token over 8 KB with a 401 naming the limit', async () => {
    proxy.reset();
    const r = await fetch(`${app.url}/openapi/v3/entity/dataset`, { headers: { authorization: `Bearer ${app.token}`, 'x-filler': 'f'.repeat(20_000) } });
    expect(r.status).toBe(431);
    expect(await r.json()).toMatchObject({ error: 'Request Header Fields Too Large', message: expect.stringContaining('MAX_HEADER_BYTES') });
    await refusedUnseen(401, () => app.request('GET', '/openapi/v3/entity/dataset', undefined, { token: 'a'.repeat(9000) }), /at most 8192 bytes/);
  });
});

describe('GraphQL cost limits', () => {
  it('refuse deep, aliased, fragment-chained, oversized, too costly and batched documents with code 400, never a 500', async () => {
    const deep = `{ dataset(urn: "${DS}") ${'{ platform '.repeat(5000)}${'}'.repeat(5001)}`;
    expect(await graphqlRefused(deep)).toMatch(/nested deeper/);
    expect(await graphqlRefused(`{ dataset(urn: "${DS}") ${'{ platform '.repeat(30)}{ urn }${'}'.repeat(30)} }`)).toMatch(/depth limit of 24/);
    const aliases = Array.from({ length: 150 }, (_, i) => `a${i}: dataset(urn: "${DS}") { urn }`).join(' ');
    expect(await graphqlRefused(`{ ${aliases} }`)).toMatch(/Aliases limit of 100/);
    // A 50-fragment chain, each adding three aliases: 150 aliases through the chain.
    const fragments = Array.from({ length: 50 }, (_, i) => `fragment f${i} on Query { x${i}: dataset(urn: "${DS}") { urn } y${i}: dataset(urn: "${DS}") { urn } z${i}: dataset(urn: "${DS}") { urn } ${i < 49 ? `...f${i + 1}` : ''} }`).join(' ');
    expect(await graphqlRefused(`{ ...f0 } ${fragments}`)).toMatch(/Aliases limit of 100/);
    expect(await graphqlRefused(`{ ${'dataset(urn: "x") { urn } '.repeat(5000)} }`)).toMatch(/exceeds the limit of 102400 bytes|Token limit/);
    expect(await graphqlRefused(`{ ${Array.from({ length: 11_000 }, () => 'a').join(' ')} }`)).toMatch(/Token limit of 10000/);
    // A hundred aliases of a 1,000-result search: each alias within the alias limit, the whole far past the cost limit,
    // whether the page size is written in the document or sent as a variable.
    const searches = Array.from({ length: 100 }, (_, i) => `s${i}: searchAcrossEntities(input: {types: [DATASET], query: "*", count: 1000}) { searchResults { entity { urn } } }`).join(' ');
    expect(await graphqlRefused(`{ ${searches} }`)).toMatch(/^Query cost \d+ exceeds the limit of 100000 \(setting GRAPHQL_MAX_COST\)/);
    const byVariable = Array.from({ length: 100 }, (_, i) => `s${i}: searchAcrossEntities(input: {types: [DATASET], query: "*", count: $n}) { searchResults { entity { urn } } }`).join(' ');
    expect(await graphqlRefused(`query q($n: Int) { ${byVariable} }`, { n: 1000 })).toMatch(/^Query cost \d+ exceeds the limit/);
    // The same searches with small pages, and one search of the largest page, are fine.
    proxy.reset();
    const small = await app.request('POST', '/api/graphql', { query: `query q($n: Int) { ${byVariable} }`, variables: { n: 5 } });
    expect(small.body.errors, small.text).toBeUndefined();
    const one = await app.request('POST', '/api/graphql', { query: '{ searchAcrossEntities(input: {types: [DATASET], query: "*", count: 1000}) { total searchResults { entity { urn type } } } }' });
    expect(one.body.errors, one.text).toBeUndefined();
    proxy.reset();
    const batch = await app.request('POST', '/api/graphql', [{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(batch.body.errors[0].extensions.code).toBe(400);
    expect(proxy.seen).toEqual([]);
  });

  it('is served at /api/graphql, /api/v2/graphql and under /gms alike', async () => {
    for (const path of ['/api/graphql', '/api/v2/graphql', '/gms/api/graphql', '/gms/api/v2/graphql']) {
      const r = await app.request('POST', path, { query: '{ __typename }' });
      expect(r.status, path).toBe(200);
      expect(r.body.data).toEqual({ __typename: 'Query' });
    }
  });
});

describe('search filters on a soft-deleted property', () => {
  beforeAll(async () => {
    await defineProperty(app, 'hostile.size', NUMBER);
    await defineProperty(app, 'hostile.label', STRING, { version: '20240101000000' });
    await setValues(app, DS, { [propertyUrn('hostile.size')]: [{ double: 50 }], [propertyUrn('hostile.label')]: [{ string: 'a' }] });
    for (const qn of ['hostile.size', 'hostile.label']) {
      const r = await app.post(`/openapi/v3/entity/structuredProperty/${enc(propertyUrn(qn))}/status?createIfNotExists=false`, { value: { removed: true } });
      expect(r.status, r.text).toBe(200);
    }
    await app.refresh();
  });

  it('are refused in every form of the REST query string, v2 and v3', async () => {
    for (const query of [
      'structuredProperties.hostile_size:50',
      'structuredProperties.hostile_size:>45',
      'structuredProperties.hostile_size:[40 TO 60]',
      '_exists_:structuredProperties.hostile_size',
      'structuredProperties.hostile.size:50',
      'structuredProperties._versioned.hostile_label.20240101000000.string:a',
      '_exists_:structuredProperties._versioned.hostile_label.20240101000000.string',
      'NOT _exists_:structuredProperties.hostile_label',
    ]) {
      for (const v of ['v2', 'v3']) {
        const r = await app.get(`/openapi/${v}/entity/dataset?query=${encodeURIComponent(query)}`);
        expect(r.status, `${v} ${query}: ${r.text}`).toBe(400);
        expect(r.body.message).toMatch(/deleted Structured Property/);
      }
    }
  });

  it('are refused in GraphQL filters of every condition', async () => {
    for (const condition of ['EQUAL', 'GREATER_THAN', 'EXISTS']) {
      const e = await scrollError(app, [{ field: 'structuredProperties.hostile.size', condition, values: condition === 'EXISTS' ? [] : ['45'] }]);
      expect(e).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      expect(e.message).toMatch(/deleted Structured Property/);
    }
  });
});
