/**
 * Signing in: the printed `#token=` link and pasting a token both start a session kept in an HttpOnly, SameSite=Strict
 * cookie (no script can read the token); it survives reloads and new tabs; refused or expired tokens land on the form
 * with the reason; signing out ends it on the server too.
 */
import { describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { startTestApp, TEST_SECRET } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { seedCatalog } from './seed.js';

const fx = useBrowserApp('uisignin', seedCatalog);

describe('web page sign-in', () => {
  it('signs in through the fragment link into a session no script can read, which survives reloads and new tabs', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await expect.poll(() => page.locator('.result').count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('token');
    expect(page.url()).toBe(`${app.url}/ui/search`);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([['tessera_session', true, 'Strict', '/']]);
    expect(await page.evaluate(() => [document.cookie, sessionStorage.length, localStorage.length])).toEqual(['', 0, 0]);
    await page.reload();
    await expect.poll(() => page.locator('.result').count()).toBeGreaterThan(0);
    const tab = await page.context().newPage();
    await tab.goto(`${app.url}/ui/tags`);
    await expect.poll(() => tab.getByTestId('signed-in-as').textContent()).toMatch(/urn:li:corpuser:tester/);
    await tab.close();
  });

  it('the session cookie alone cannot change anything without the header of the page (a cross-site form cannot send it)', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await page.locator('.result').first().waitFor();
    const cookie = (await page.context().cookies())[0];
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'content-type': 'application/json' };
    const read = await fetch(`${app.url}/openapi/v3/me`, { headers });
    expect(read.status).toBe(200);
    const write = await fetch(`${app.url}/api/graphql`, { method: 'POST', headers, body: JSON.stringify({ query: 'mutation { createGroup(input: {name: "x"}) }' }) });
    expect(write.status).toBe(403);
    const marked = await fetch(`${app.url}/api/graphql`, { method: 'POST', headers: { ...headers, 'x-tessera-client': 'web' }, body: JSON.stringify({ query: '{ me { roles } }' }) });
    expect(marked.status).toBe(200);
  });

  it('loads everything from this service and never puts the token in a URL', async () => {
    const { page } = fx;
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await signInByLink(fx);
    await page.locator('.result').first().waitFor();
    expect(urls.length).toBeGreaterThan(2);
    expect(urls.filter((u) => u.includes(fx.app.token))).toEqual([]);
    expect(urls.filter((u) => !u.startsWith(`${fx.app.url}/`))).toEqual([]);
  });

  it('signs in by pasting a token into the form', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search`);
    await page.getByLabel('Access token').fill(app.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.result').count()).toBeGreaterThan(0);
  });

  it('a wrongly signed token lands on the sign-in form with the API reason', async () => {
    const { page, app } = fx;
    const forged = await mintToken('another-secret-0123456789-abcdefghijklmnop', 'urn:li:corpuser:mallory', 3600);
    await page.goto(`${app.url}/ui/search#token=${forged}`);
    await page.getByLabel('Access token').waitFor();
    const api = await app.request('POST', '/api/graphql', { query: '{ __typename }' }, { token: forged });
    expect(api.status).toBe(401);
    await expect.poll(() => page.getByTestId('sign-in-reason').textContent()).toBe(api.body.message);
    expect(await page.context().cookies()).toEqual([]);
  });

  it('an expired token lands on the sign-in form saying it expired', async () => {
    const { page, app } = fx;
    const expired = await mintToken(TEST_SECRET, 'urn:li:corpuser:tester', -60);
    await page.goto(`${app.url}/ui/#token=${expired}`);
    await expect.poll(() => page.getByTestId('sign-in-reason').textContent()).toMatch(/expired/i);
  });

  it('asks for a token unless the service has authentication off', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search`);
    await page.getByLabel('Access token').waitFor();
    expect(await page.getByTestId('sign-in-reason').count()).toBe(0);

    // A second app on the same index set: it needs no catalog of its own, and making one costs cluster-state updates.
    const open = await startTestApp('uiauthoff', { AUTH_MODE: 'none', INDEX_PREFIX: app.prefix });
    try {
      await page.goto(`${open.url}/ui/search`);
      await page.locator('.total').waitFor();
      expect(await page.context().cookies(open.url)).toEqual([]);
    } finally {
      await open.close({ keepIndices: true });
    }
  }, 180_000);

  it('signing out returns to the form', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Access token').waitFor();
    await expect.poll(() => page.context().cookies()).toEqual([]);
    await page.reload();
    await page.getByLabel('Access token').waitFor();
  });
});
