/**
 * Stored access tokens through GraphQL (the original's operations and shapes), REST v3 and the built CLI: made once,
 * stored as a salted hash only, listed, refused for other actors without the privilege, and revoked for every process
 * (two apps on one index prefix, each with its own caches) within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { mintToken } from '../../src/auth/tokens.js';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const CREATE = `mutation make($input: CreateAccessTokenInput!) { createAccessToken(input: $input) {
  accessToken metadata { id urn type name description actorUrn ownerUrn createdAt expiresAt } } }`;
const LIST = `query list($input: ListAccessTokenInput!) { listAccessTokens(input: $input) { start count total tokens { id name actorUrn ownerUrn revokedAt } } }`;

let a: TestApp;
let b: TestApp;
let admin: string;
let alice: string;

beforeAll(async () => {
  a = await startTestApp('tokens', { ACCESS_TOKEN_MAX_DAYS: '90', DEFAULT_ROLE: 'Reader' });
  // A second app on the same indices: another process as far as every cache is concerned.
  b = await startTestApp('tokens-b', { INDEX_PREFIX: a.prefix, ACCESS_TOKEN_MAX_DAYS: '90', DEFAULT_ROLE: 'Reader' });
  admin = await mintToken(TEST_SECRET, 'urn:li:corpuser:admin', 3600);
  alice = await mintToken(TEST_SECRET, 'urn:li:corpuser:alice', 3600);
  await ensureBuilt();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const make = (token: string, input: Record<string, unknown>) => a.graphql(CREATE, { input: { type: 'PERSONAL', duration: 'ONE_DAY', name: 'ci', ...input } }, { token });

describe('stored access tokens', () => {
  it('are made once through GraphQL, authenticate on every interface, and only a salted hash is stored', async () => {
    const before = Date.now();
    const r = await make(alice, { actorUrn: 'urn:li:corpuser:alice', name: 'nightly job', description: 'loads orders' });
    expect(r.errors).toBeUndefined();
    const { accessToken, metadata } = r.data.createAccessToken;
    expect(accessToken).toMatch(/^tsr_pat_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(metadata).toMatchObject({ type: 'PERSONAL', name: 'nightly job', description: 'loads orders', actorUrn: 'urn:li:corpuser:alice', ownerUrn: 'urn:li:corpuser:alice' });
    expect(metadata.urn).toBe(`urn:li:dataHubAccessToken:${metadata.id}`);
    expect(metadata.expiresAt - metadata.createdAt).toBe(24 * 3600 * 1000);
    expect(metadata.createdAt).toBeGreaterThanOrEqual(before);

    expect((await a.request('GET', '/openapi/v3/me', undefined, { token: accessToken })).body).toMatchObject({ actor: 'urn:li:corpuser:alice' });
    expect((await b.request('GET', '/gms/openapi/v3/me', undefined, { token: accessToken })).body).toMatchObject({ actor: 'urn:li:corpuser:alice' });
    const g = await a.graphql('{ __typename }', {}, { token: accessToken });
    expect(g.data).toEqual({ __typename: 'Query' });

    const stored = await a.raw.get({ index: `${a.prefix}accesstokens`, id: metadata.id });
    const text = JSON.stringify(stored.body);
    // The secret: the 43 characters after the id (it may hold '_' itself, so it is not the last '_'-separated part).
    const secret = accessToken.slice(-43);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(text).not.toContain(secret);
    expect((stored.body as any)._source).toMatchObject({ actorUrn: 'urn:li:corpuser:alice', hash: expect.stringMatching(/^[0-9a-f]{64}$/), salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('refuse a token whose secret part is wrong, and a token that names no stored id', async () => {
    const { accessToken } = (await make(alice, { actorUrn: 'urn:li:corpuser:alice' })).data.createAccessToken;
    const tampered = accessToken.slice(0, -1) + (accessToken.endsWith('A') ? 'B' : 'A');
    const r1 = await a.request('GET', '/openapi/v3/me', undefined, { token: tampered });
    expect(r1.status).toBe(401);
    expect(r1.body.message).toBe('Token is not known');
    const r2 = await a.request('GET', '/openapi/v3/me', undefined, { token: `tsr_pat_${'0'.repeat(32)}_${'x'.repeat(43)}` });
    expect(r2.status).toBe(401);
    expect((await a.request('GET', '/openapi/v3/me', undefined, { token: 'tsr_pat_short' })).status).toBe(401);
  });

  it('are refused past the maximum life and without expiry, with one message naming every problem', async () => {
    const r = await make(alice, { actorUrn: 'urn:li:corpuser:alice', duration: 'ONE_YEAR' });
    expect(r.errors[0].message).toMatch(/at most 90 days \(setting ACCESS_TOKEN_MAX_DAYS\); every token expires/);
    expect(r.errors[0].extensions.code).toBe(400);
    expect((await make(alice, { actorUrn: 'urn:li:corpuser:alice', duration: 'NO_EXPIRY' })).errors[0].extensions.code).toBe(400);
    const rest = await a.request('POST', '/openapi/v3/tokens', { actorUrn: 'bob', name: '', duration: 'ONE_DAY' }, { token: alice });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toMatch(/actorUrn must be a corpuser urn.*; name must be a non-empty string/);
  });

  it('for another actor need MANAGE_ACCESS_TOKENS: 403 on REST and FORBIDDEN on GraphQL; the administrator may', async () => {
    const g = await make(alice, { actorUrn: 'urn:li:corpuser:bob' });
    expect(g.errors[0].extensions).toMatchObject({ code: 403, type: 'FORBIDDEN' });
    expect(g.errors[0].message).toMatch(/lacks the privilege MANAGE_ACCESS_TOKENS/);
    const rest = await a.request('POST', '/openapi/v3/tokens', { actorUrn: 'urn:li:corpuser:bob', name: 'x', duration: 'ONE_DAY' }, { token: alice });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ error: 'Forbidden', message: expect.stringMatching(/MANAGE_ACCESS_TOKENS/) });
    const made = await make(admin, { actorUrn: 'urn:li:corpuser:bob', name: 'bob service' });
    expect(made.data.createAccessToken.metadata).toMatchObject({ actorUrn: 'urn:li:corpuser:bob', ownerUrn: 'urn:li:corpuser:admin' });
  });

  it('are listed: your own without the privilege (asking for another owner is refused), everyone\'s for the administrator', async () => {
    const own = await a.graphql(LIST, { input: { start: 0, count: 100 } }, { token: alice });
    expect(own.data.listAccessTokens.tokens.length).toBeGreaterThan(0);
    expect(own.data.listAccessTokens.tokens.every((t: any) => t.ownerUrn === 'urn:li:corpuser:alice')).toBe(true);
    expect(own.data.listAccessTokens.total).toBe(own.data.listAccessTokens.tokens.length);
    const other = await a.graphql(LIST, { input: { filters: [{ field: 'ownerUrn', values: ['urn:li:corpuser:admin'] }] } }, { token: alice });
    expect(other.errors[0].extensions.code).toBe(403);
    const all = await a.request('GET', '/openapi/v3/tokens?count=100', undefined, { token: admin });
    expect(all.status).toBe(200);
    expect(new Set(all.body.tokens.map((t: any) => t.ownerUrn))).toEqual(new Set(['urn:li:corpuser:alice', 'urn:li:corpuser:admin']));
    expect(all.body.tokens[0]).not.toHaveProperty('hash');
    expect(all.body.tokens[0]).not.toHaveProperty('salt');
  });

  it('revoked through one process are refused by the other within a second (it had just trusted the token)', async () => {
    const { accessToken, metadata } = (await make(alice, { actorUrn: 'urn:li:corpuser:alice', name: 'to revoke' })).data.createAccessToken;
    expect((await b.request('GET', '/openapi/v3/me', undefined, { token: accessToken })).status).toBe(200);
    const bob = await mintToken(TEST_SECRET, 'urn:li:corpuser:bob', 3600);
    const refused = await a.graphql('mutation r($id: String!) { revokeAccessToken(tokenId: $id) }', { id: metadata.id }, { token: bob });
    expect(refused.errors[0].extensions.code).toBe(403);
    const revoked = await a.graphql('mutation r($id: String!) { revokeAccessToken(tokenId: $id) }', { id: metadata.id }, { token: alice });
    expect(revoked.data).toEqual({ revokeAccessToken: true });
    // Every process drops a revoked token within a second; the poll fails only when that is far exceeded.
    await expect.poll(async () => (await b.request('GET', '/openapi/v3/me', undefined, { token: accessToken })).status, { timeout: 15_000, interval: 50 }).toBe(401);
    const r = await a.request('GET', '/openapi/v3/me', undefined, { token: accessToken });
    expect(r.body.message).toBe('Token has been revoked');
    expect((await a.request('DELETE', `/openapi/v3/tokens/${metadata.id}`, undefined, { token: alice })).body).toEqual({ revoked: true });
    expect((await a.request('DELETE', `/openapi/v3/tokens/${'f'.repeat(32)}`, undefined, { token: alice })).status).toBe(404);
    expect((await a.request('DELETE', '/openapi/v3/tokens/not-an-id', undefined, { token: alice })).status).toBe(400);
  });

  it('through the CLI: issue prints the token once, list shows it, revoke takes it back', async () => {
    const home = tempHome();
    const env = cliEnv(a, home, { TESSERA_TOKEN: alice });
    const issued = await runCli(['token', 'issue', '--name', 'from the cli', '--duration', 'one_week'], env);
    expect(issued.code, issued.stderr).toBe(0);
    const token = issued.stdout.trim();
    expect(token).toMatch(/^tsr_pat_/);
    expect(issued.stderr).toMatch(/acts as urn:li:corpuser:alice until .* shown this once/);
    const listed = await runCli(['token', 'list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const line = listed.stdout.split('\n').find((l) => l.includes('from the cli'))!;
    const id = line.split('\t')[0];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // The new token works for the CLI itself.
    const me = await runCli(['token', 'list', '--json'], { ...env, TESSERA_TOKEN: token });
    expect(me.code, me.stderr).toBe(0);
    expect(me.json.tokens.some((t: any) => t.id === id)).toBe(true);
    const revoked = await runCli(['token', 'revoke', '--id', id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(/Revoked/);
    await new Promise((r) => setTimeout(r, 1100));
    const after = await runCli(['token', 'list'], { ...env, TESSERA_TOKEN: token });
    expect(after.code).not.toBe(0);
    expect(after.stderr).toMatch(/401|revoked/i);
  });
});

describe('tokens signed with the service secret', () => {
  const me = (app: TestApp, token: string) => app.request('GET', '/openapi/v3/me', undefined, { token });

  it('are refused when they would live longer than ACCESS_TOKEN_MAX_DAYS, or carry no issue time', async () => {
    const long = await mintToken(TEST_SECRET, 'urn:li:corpuser:dora', 91 * 86_400);
    const refused = await me(a, long);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/at most 90 days from its issue \(setting ACCESS_TOKEN_MAX_DAYS\)/);
    expect((await me(a, await mintToken(TEST_SECRET, 'urn:li:corpuser:dora', 90 * 86_400))).status).toBe(200);
    const noIat = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('urn:li:corpuser:dora').setExpirationTime('1h').sign(new TextEncoder().encode(TEST_SECRET));
    const missing = await me(a, noIat);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/iat/);
  });

  it('are revoked per actor through any interface: every process refuses those issued before, later ones work', async () => {
    const carol = await mintToken(TEST_SECRET, 'urn:li:corpuser:carol', 3600);
    const bob = await mintToken(TEST_SECRET, 'urn:li:corpuser:bob', 3600);
    expect((await me(b, carol)).status).toBe(200);
    // Another actor's need MANAGE_ACCESS_TOKENS; one's own do not.
    const forbidden = await a.request('POST', '/openapi/v3/tokens/signed/revoke', { actorUrn: 'urn:li:corpuser:carol' }, { token: bob });
    expect(forbidden.status).toBe(403);
    expect((await a.request('POST', '/openapi/v3/tokens/signed/revoke', { actorUrn: 'nobody' }, { token: bob })).status).toBe(400);
    const own = await a.request('POST', '/openapi/v3/tokens/signed/revoke', { actorUrn: 'urn:li:corpuser:carol' }, { token: carol });
    expect(own.status, own.text).toBe(200);
    await expect.poll(async () => (await me(b, carol)).status, { timeout: 15_000, interval: 50 }).toBe(401);
    expect((await me(a, carol)).body.message).toMatch(/^Token has been revoked \(tokens signed for urn:li:corpuser:carol before /);
    expect((await me(a, bob)).status).toBe(200);
    // A token signed after the cut-off (whole seconds) is good.
    await expect.poll(async () => (await me(b, await mintToken(TEST_SECRET, 'urn:li:corpuser:carol', 3600))).status, { timeout: 15_000, interval: 200 }).toBe(200);
    // GraphQL, by the administrator, for someone else; and the CLI.
    const gql = await a.graphql('mutation { revokeSignedTokens(actorUrn: "urn:li:corpuser:bob") }', undefined, { token: admin });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.revokeSignedTokens).toMatch(/^\d{4}-\d\d-\d\dT/);
    await expect.poll(async () => (await me(a, bob)).status, { timeout: 15_000, interval: 50 }).toBe(401);
    const cli = await runCli(['token', 'revoke-signed', '--actor', 'urn:li:corpuser:erin'], cliEnv(a, tempHome(), { TESSERA_TOKEN: admin }));
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^Revoked the tokens signed for urn:li:corpuser:erin before .*within a second/);
  });
});
