/** The access page (groups, roles, policies) for an administrator, and a reader who is not offered what it may not do. */
import { describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { TEST_SECRET } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, seedCatalog } from './seed.js';

const fx = useBrowserApp('uiaccess', seedCatalog);
const ORDERS = datasetUrn('hive', 'sales.orders');

describe('web page access control', () => {
  it('an administrator makes a group, adds a member, binds the group to Reader and creates a policy', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/access');
    await page.getByLabel('New group id').fill('viewers');
    await page.getByLabel('Name', { exact: true }).fill('Viewers');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByLabel('Add member to Viewers').fill('urn:li:corpuser:viewer');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.getByTestId('group').textContent()).toContain('urn:li:corpuser:viewer');
    await page.getByLabel('User or group').fill('urn:li:corpGroup:viewers');
    await page.getByLabel('Role').selectOption('Reader');
    await page.getByRole('button', { name: 'Bind' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'Reader' }).first().textContent()).toContain('urn:li:corpGroup:viewers');
    await page.getByRole('button', { name: 'Create policy' }).click();
    await expect.poll(() => page.getByTestId('policy').first().textContent()).toContain('PII stewards');
    const policies = await app.request('GET', '/openapi/v3/policies');
    expect(policies.body.policies.map((p: { name: string }) => p.name)).toEqual(['PII stewards']);
    // A refusal of the API shows as it is worded.
    await page.getByLabel('New group id').fill('viewers');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/already exists/);
  });

  it('a reader is not offered changes: no tag, property or description editing, no new definitions, no access page', async () => {
    const { page, app } = fx;
    await app.request('POST', '/openapi/v3/roles/assignments', { role: 'Reader', actors: ['urn:li:corpuser:reader'] });
    const token = await mintToken(TEST_SECRET, 'urn:li:corpuser:reader', 3600);
    await page.goto(`${app.url}/ui/dataset/${encodeURIComponent(ORDERS)}#token=${token}`);
    await page.locator('.dataset-page h1').waitFor();
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe('urn:li:corpuser:reader (Reader)');
    expect(await page.getByRole('button', { name: /^Add tag to/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit description' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remove tag/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Set a property/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Access' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Properties' }).click();
    await page.locator('.properties-page table').waitFor();
    expect(await page.getByRole('button', { name: 'New property' }).count()).toBe(0);
    // The administrator sees every action.
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    await page.getByRole('button', { name: 'Edit description' }).waitFor();
    expect(await page.getByRole('link', { name: 'Access' }).count()).toBe(1);
  });
});
