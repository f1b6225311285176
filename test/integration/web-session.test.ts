/**
 * The web page's session cookie at the HTTP level: an opaque session of its own (never the sign-in token), Secure over
 * HTTPS (X-Forwarded-Proto only with TRUST_PROXY), ended for every process by sign-out and by revoking the sign-in token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let a: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  a = await startTestApp('session');
  // Another process on the same indices, told it sits behind a TLS-terminating proxy.
  proxied = await startTestApp('session-b', { INDEX_PREFIX: a.prefix, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await proxied?.close();
  await a?.close();
});

/** Signs in with `token` and answers the Set-Cookie header and the cookie pair to send back. */
async function signIn(app: TestApp, token: string, headers: Record<string, string> = {}) {
  const res = await app.request('POST', '/ui/session', undefined, { token, headers });
  expect(res.status, res.text).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return { setCookie, cookie: setCookie.split(';')[0] };
}

const meWith = (app: TestApp, cookie: string) => app.request('GET', '/openapi/v3/me', undefined, { token: null, headers: { cookie } });

describe('the web session cookie', () => {
  it('holds an opaque session, not the token the page signed in with', async () => {
    const { setCookie, cookie } = await signIn(a, a.token);
    expect(setCookie).toMatch(/^tessera_session=tsr_pat_[0-9a-f]{32}_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    expect(setCookie).not.toContain(a.token);
    expect((await meWith(proxied, cookie)).body).toMatchObject({ actor: 'urn:li:corpuser:tester' });
    // Sessions are not listed among tokens.
    const listed = await a.request('GET', '/openapi/v3/tokens?includeRevoked=true');
    expect(JSON.stringify(listed.body)).not.toContain('web session');
  });

  it('is Secure over HTTPS: X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    expect((await signIn(proxied, a.token, { 'x-forwarded-proto': 'https' })).setCookie).toMatch(/; Secure$/);
    expect((await signIn(proxied, a.token)).setCookie).not.toContain('Secure');
    expect((await signIn(a, a.token, { 'x-forwarded-proto': 'https' })).setCookie).not.toContain('Secure');
  });

  it('sign-out ends the session in every process: a copy of the cookie is refused', async () => {
    const { cookie } = await signIn(a, a.token);
    expect((await meWith(proxied, cookie)).status).toBe(200);
    const out = await a.request('DELETE', '/ui/session', undefined, { token: null, headers: { cookie, 'x-tessera-client': 'web' } });
    expect(out.status, out.text).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^tessera_session=; .*Max-Age=0/);
    // The process that ended it refuses the cookie at once (it had just trusted it for this very request); another one
    // within its recheck interval.
    expect((await meWith(a, cookie)).body.message).toBe('Token has been revoked');
    await expect.poll(async () => (await meWith(proxied, cookie)).status, { timeout: 15_000, interval: 50 }).toBe(401);
  });

  it('ends with the token it signed in with: a stored token revoked, or the actor\'s signed tokens revoked', async () => {
    const made = await a.request('POST', '/openapi/v3/tokens', { actorUrn: 'urn:li:corpuser:tester', duration: 'ONE_DAY', name: 'page' });
    expect(made.status, made.text).toBe(201);
    const stored = await signIn(a, made.body.accessToken);
    expect((await meWith(a, stored.cookie)).status).toBe(200);
    await a.request('DELETE', `/openapi/v3/tokens/${made.body.metadata.id}`);
    await expect.poll(async () => (await meWith(proxied, stored.cookie)).status, { timeout: 15_000, interval: 50 }).toBe(401);
    expect((await meWith(a, stored.cookie)).body.message).toMatch(/^Session ended: the token it signed in with is no longer good/);

    const signed = await mintToken(TEST_SECRET, 'urn:li:corpuser:sam', 3600);
    const session = await signIn(a, signed);
    expect((await meWith(a, session.cookie)).status).toBe(200);
    expect((await a.request('POST', '/openapi/v3/tokens/signed/revoke', { actorUrn: 'urn:li:corpuser:sam' })).status).toBe(200);
    await expect.poll(async () => (await meWith(proxied, session.cookie)).status, { timeout: 15_000, interval: 50 }).toBe(401);
  });

  it('does not outlive a signed token that expires sooner', async () => {
    const short = await mintToken(TEST_SECRET, 'urn:li:corpuser:tester', 120);
    const maxAge = Number(/Max-Age=(\d+)/.exec((await signIn(a, short)).setCookie)![1]);
    expect(maxAge).toBeLessThanOrEqual(120);
    expect(maxAge).toBeGreaterThan(0);
  });
});
