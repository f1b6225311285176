import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.users,PROD)';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const future = () => Math.floor(Date.now() / 1000) + 3600;
let app: TestApp;

/** A token with the claims given, issued now (`iat`) unless the payload says otherwise (`iat: undefined` leaves it out). */
async function sign(payload: Record<string, unknown>, secret = TEST_SECRET): Promise<string> {
  const claims = { iat: Math.floor(Date.now() / 1000), ...payload };
  if (claims.iat === undefined) delete claims.iat;
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}

/** Every way a caller can fail to authenticate, as an Authorization header (undefined = none sent). */
async function badHeaders(): Promise<Record<string, { header: string | undefined; message: RegExp }>> {
  return {
    'no token': { header: undefined, message: /Missing Authorization header/ },
    'bad signature': { header: `Bearer ${await mintToken('another-secret-0123456789-abcdefghijklmnop', 'urn:li:corpuser:eve', 3600)}`, message: /signature is invalid/ },
    'alg none': { header: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'urn:li:corpuser:eve', exp: future() })}.`, message: /algorithm is not allowed/ },
    'alg HS512': { header: `Bearer ${await new SignJWT({ sub: 'urn:li:corpuser:eve', exp: future() }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(TEST_SECRET.repeat(2)))}`, message: /algorithm is not allowed/ },
    expired: { header: `Bearer ${await mintToken(TEST_SECRET, 'urn:li:corpuser:eve', -60)}`, message: /Token expired/ },
    'no exp claim': { header: `Bearer ${await sign({ sub: 'urn:li:corpuser:eve' })}`, message: /"exp"/ },
    'no iat claim': { header: `Bearer ${await sign({ sub: 'urn:li:corpuser:eve', exp: future(), iat: undefined })}`, message: /"iat"/ },
    'subject not a user': { header: `Bearer ${await sign({ sub: 'urn:li:dataset:x', exp: future() })}`, message: /corpuser/ },
    'malformed header': { header: 'Token abc', message: /Malformed Authorization header/ },
    'bearer without token': { header: 'Bearer', message: /Malformed Authorization header/ },
    'garbage token': { header: 'Bearer abc.def', message: /Token is malformed/ },
  };
}

async function call(method: string, path: string, header: string | undefined, body?: string, accept = 'application/json') {
  const headers: Record<string, string> = { accept };
  if (header !== undefined) headers.authorization = header;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${app.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text.startsWith('{') ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  app = await startTestApp('auth-matrix');
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'users' } })).status).toBe(200);
});
afterAll(async () => app?.close());

describe('bearer token authentication', () => {
  it('answers every failure with a plain HTTP 401 {error, message} on REST v2, v3, the ingest wire and GraphQL', async () => {
    const routes: [string, string, string | undefined][] = [
      ['GET', '/openapi/v3/entity/dataset', undefined],
      ['GET', `/openapi/v2/entity/dataset/${enc(DS)}/datasetProperties`, undefined],
      ['POST', `/gms/openapi/v3/entity/dataset/${enc(DS)}/status?createIfNotExists=false`, '{"value": {"removed": true}}'],
      ['POST', '/aspects?action=ingestProposal', '{"proposal": {}}'],
      ['POST', '/api/graphql', '{"query": "{ __typename }"}'],
      ['POST', '/gms/api/graphql', '{"query": "{ __typename }"}'],
      ['GET', '/api/graphql?query=%7B__typename%7D', undefined],
    ];
    for (const [name, { header, message }] of Object.entries(await badHeaders())) {
      for (const [method, path, body] of routes) {
        const r = await call(method, path, header, body);
        const where = `${name}: ${method} ${path}`;
        expect(r.status, where).toBe(401);
        expect(r.headers.get('content-type'), where).toMatch(/^application\/json/);
        expect(r.headers.get('www-authenticate'), where).toBe('Bearer');
        expect(Object.keys(r.body).sort(), where).toEqual(['error', 'message']);
        expect(r.body.error, where).toBe('Unauthorized');
        expect(r.body.message, where).toMatch(message);
      }
    }
    // Nothing was written by the refused POSTs.
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/status`)).status).toBe(404);
  });

  it('refuses before the body is read: an unparsable body without a token is a 401, not a 400', async () => {
    const r = await call('POST', `/openapi/v3/entity/dataset/${enc(DS)}/status`, undefined, '{"value": {');
    expect(r.status).toBe(401);
    const gql = await call('POST', '/api/graphql', undefined, 'not json');
    expect(gql.status).toBe(401);
    expect(gql.body.error).toBe('Unauthorized');
  });

  it('accepts a valid token on REST and GraphQL', async () => {
    const header = `Bearer ${await mintToken(TEST_SECRET, 'urn:li:corpuser:valid', 60)}`;
    expect((await call('GET', '/openapi/v3/entity/dataset', header)).status).toBe(200);
    const gql = await call('POST', '/api/graphql', header, '{"query": "{ __typename }"}');
    expect(gql.status).toBe(200);
    expect(gql.body.data).toEqual({ __typename: 'Query' });
    expect((await call('GET', '/openapi/v3/entity/dataset', `bearer  ${header.slice(7)}`)).status).toBe(200);
  });

  it('serves the public routes without a token', async () => {
    for (const path of ['/health', '/ready', '/gms/health', '/config', '/gms/config', '/gms/config/']) {
      const r = await call('GET', path, undefined);
      expect(r.status, path).toBe(200);
    }
    expect((await call('GET', '/gms/config', undefined)).body.noCode).toBe('true');
    const doc = await call('GET', '/openapi/v3/api-docs', undefined);
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/openapi/v3/entity/dataset/{urn}/globalTags', '/aspects', '/api/graphql']));
    expect(doc.body.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    expect((await call('GET', '/gms/openapi/v3/api-docs', undefined)).status).toBe(200);
    for (const path of ['/openapi/swagger-ui', '/openapi/swagger-ui/index.html', '/gms/openapi/swagger-ui']) {
      const page = await call('GET', path, undefined, undefined, 'text/html');
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.text, path).toContain(path.startsWith('/gms') ? '"/gms/openapi/swagger-ui/swagger-initializer.js"' : '"/openapi/swagger-ui/swagger-initializer.js"');
    }
    const graphiql = await call('GET', '/api/graphql', undefined, undefined, 'text/html');
    expect(graphiql.status).toBe(200);
    expect(graphiql.text).toContain('<html');
    // The GraphiQL page never executes an operation, even when one is in the URL.
    const sneaky = await call('GET', '/api/graphql?query=%7B__typename%7D', undefined, undefined, 'text/html');
    expect(sneaky.text).not.toContain('"__typename"');
    // Only GET/HEAD are public.
    expect((await call('POST', '/config', undefined, '{}')).status).toBe(401);
  });
});

describe('audit stamps come from the token subject', () => {
  it('fills created and lastModified actors on REST, the ingest wire and GraphQL writes', async () => {
    const as = async (user: string) => ({ token: await mintToken(TEST_SECRET, `urn:li:corpuser:${user}`, 600) });
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.stamps,PROD)';
    const path = `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`;
    expect((await app.request('POST', `${path}?createIfNotExists=false`, { value: { name: 'a' } }, await as('alice'))).status).toBe(200);
    const proposal = { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { value: '{"name":"b"}', contentType: 'application/json' } };
    expect((await app.request('POST', '/aspects?action=ingestProposal', { proposal, async: 'false' }, await as('bob'))).status).toBe(200);

    const read = await app.get(`${path}?systemMetadata=true`);
    expect(read.body.datasetProperties.value).toEqual({ name: 'b' });
    expect(read.body.datasetProperties.systemMetadata.aspectCreated.actor).toBe('urn:li:corpuser:alice');
    expect(read.body.datasetProperties.systemMetadata.aspectModified.actor).toBe('urn:li:corpuser:bob');
    const doc = await app.services.store.get('dataset', urn);
    expect(doc!.aspects.datasetProperties.created.actor).toBe('urn:li:corpuser:alice');
    expect(doc!.aspects.datasetKey.created.actor).toBe('urn:li:corpuser:alice');
    expect(doc!.aspects.datasetProperties.lastModified.actor).toBe('urn:li:corpuser:bob');

    const gql = await app.graphql('mutation { createTag(input: {id: "stamped", name: "Stamped"}) }', undefined, await as('carol'));
    expect(gql.errors).toBeUndefined();
    const tag = await app.services.store.get('tag', 'urn:li:tag:stamped');
    expect(tag!.aspects.tagProperties.created.actor).toBe('urn:li:corpuser:carol');
  });
});

describe('AUTH_MODE=none', () => {
  it('accepts requests without a token and stamps the anonymous actor', async () => {
    const open = await startTestApp('auth-none', { AUTH_MODE: 'none' });
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,auth.open,PROD)';
      const w = await open.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: 'o' } }, { token: null });
      expect(w.status).toBe(200);
      const doc = await open.services.store.get('dataset', urn);
      expect(doc!.aspects.datasetProperties.created.actor).toBe('urn:li:corpuser:__anonymous');
      expect((await open.graphql('{ __typename }', undefined, { token: null })).data).toEqual({ __typename: 'Query' });
    } finally {
      await open.close();
    }
  });
});
