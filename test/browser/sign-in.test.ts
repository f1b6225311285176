/** Signing in: the printed `#token=` link, pasting a token, and refused or expired tokens landing on the form with the reason. */
import { describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { startTestApp, TEST_SECRET } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { seedCatalog } from './seed.js';

const fx = useBrowserApp('uisignin', seedCatalog);

describe('web page sign-in', () => {
  it('signs in through the fragment link, keeps the token in sessionStorage and removes it from the address bar', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await expect.poll(() => page.locator('.result').count()).toBeGreaterThan(0);
    expect(page.url()).not.toContain('token');
    expect(page.url()).toBe(`${app.url}/ui/search`);
    expect(await page.evaluate(() => sessionStorage.getItem('tessera.token'))).toBe(app.token);
    // A reload keeps the session (same tab).
    await page.reload();
    await expect.poll(() => page.locator('.result').count()).toBeGreaterThan(0);
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
    expect(await page.evaluate(() => sessionStorage.getItem('tessera.token'))).toBeNull();
  });

  it('an expired token lands on the sign-in form saying it expired', async () => {
    const { page, app } = fx;
    const expired = await mintToken(TEST_SECRET, 'urn:li:corpuser:tester', -60);
    await page.goto(`${app.url}/ui/#token=${expired}`);
    await expect.poll(() => page.getByTestId('sign-in-reason').textContent()).toMatch(/expired/i);
  });

  it('offers to go on without a token only when the service has authentication off', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search`);
    await page.getByLabel('Access token').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Continue without a token' }).count()).toBe(0);

    const open = await startTestApp('uiauthoff', { AUTH_MODE: 'none' });
    try {
      await page.goto(`${open.url}/ui/search`);
      await page.getByRole('button', { name: 'Continue without a token' }).click();
      await page.locator('.total').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('tessera.token'))).toBe('');
    } finally {
      await open.close();
    }
  });

  it('signing out returns to the form', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Access token').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('tessera.token'))).toBeNull();
  });
});
