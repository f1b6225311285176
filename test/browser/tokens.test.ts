/** /ui/tokens in a browser: issue a stored token (shown once), see it listed, use it, revoke it. */
import { describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { TEST_SECRET } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';

const fx = useBrowserApp('uitokens');

describe('web page tokens page', () => {
  it('issues a token shown once, lists it, and revokes it so the API refuses it', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/tokens');
    await expect.poll(() => page.locator('.tokens-page .hint').first().textContent()).toMatch(/Signed in as urn:li:corpuser:tester/);
    await page.getByLabel('Name').fill('Airflow loader');
    await page.getByLabel('Lifetime').selectOption('ONE_WEEK');
    await page.getByRole('button', { name: 'Issue token' }).click();
    const shown = page.getByLabel('The new token');
    await expect.poll(() => shown.inputValue()).toMatch(/^tsr_pat_/);
    const token = await shown.inputValue();
    expect((await app.request('GET', '/openapi/v3/me', undefined, { token })).body).toMatchObject({ actor: 'urn:li:corpuser:tester' });

    const row = page.locator('.token-list tbody tr', { hasText: 'Airflow loader' });
    await expect.poll(() => row.count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Revoke token Airflow loader' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(async () => (await app.request('GET', '/openapi/v3/me', undefined, { token })).status, { timeout: 3000 }).toBe(401);
  });

  it('shows the API refusing a token for another actor (to a caller without MANAGE_ACCESS_TOKENS)', async () => {
    const { page, app } = fx;
    const admin = await mintToken(TEST_SECRET, 'urn:li:corpuser:admin', 600);
    expect((await app.request('POST', '/openapi/v3/roles/assignments', { role: 'Reader', actors: ['urn:li:corpuser:tester'] }, { token: admin })).status).toBe(200);
    await signInByLink(fx, '/ui/tokens');
    await page.getByLabel('Name').fill('not mine');
    await page.getByLabel('Acts as').fill('urn:li:corpuser:someone-else');
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect.poll(() => page.locator('.tokens-page .error').textContent()).toMatch(/MANAGE_ACCESS_TOKENS/);
  });
});
