/** /ui/tags in a browser: list with name, description and colour; create, edit and delete, checked against the API. */
import { describe, expect, it } from 'vitest';
import { graphqlData } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { seedCatalog } from './seed.js';

const fx = useBrowserApp('uitags', seedCatalog);
const readTag = async (urn: string) => (await graphqlData(fx.app, `query($urn: String!) { tag(urn: $urn) { properties { name description colorHex } } }`, { urn })).tag?.properties ?? null;

describe('web page tags page', () => {
  it('lists, creates, edits and deletes tags', async () => {
    const { page } = fx;
    await signInByLink(fx, '/ui/tags');
    await expect.poll(() => page.locator('.tag-list strong').allTextContents()).toEqual(['Gold', 'PII']);

    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByLabel('Name').fill('Deprecated');
    await page.getByLabel('Description').fill('Do not build on this');
    await page.getByLabel('Colour').fill('#888888');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect.poll(() => page.locator('.tag-list strong').allTextContents()).toEqual(['Deprecated', 'Gold', 'PII']);
    expect(await readTag('urn:li:tag:deprecated')).toEqual({ name: 'Deprecated', description: 'Do not build on this', colorHex: '#888888' });

    await page.getByRole('button', { name: 'Edit tag Deprecated' }).click();
    await page.getByLabel('Description').fill('Replaced by the v2 tables');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await expect.poll(async () => (await readTag('urn:li:tag:deprecated'))?.description).toBe('Replaced by the v2 tables');

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete tag Deprecated' }).click();
    await expect.poll(() => page.locator('.tag-list strong').allTextContents()).toEqual(['Gold', 'PII']);
    expect(await readTag('urn:li:tag:deprecated')).toBeNull();
  });

  it('lists tags in use that were never created, by id and with their count, and creates one under its own id', async () => {
    const { page, app } = fx;
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,uncreated.tags,PROD)';
    const wrote = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', [{ urn, datasetProperties: { value: { name: 'uncreated.tags' } }, globalTags: { value: { tags: [{ tag: 'urn:li:tag:legacy' }] } } }]);
    expect(wrote.status, wrote.text).toBe(200);
    await signInByLink(fx, '/ui/tags');
    const legacy = page.locator('.tag-list li[data-tag="urn:li:tag:legacy"]');
    await expect.poll(() => legacy.locator('strong').textContent()).toBe('legacy');
    expect(await legacy.locator('.uses').textContent()).toBe('used once');
    expect(await legacy.textContent()).toContain('not created yet');
    await page.getByRole('button', { name: 'Edit tag legacy' }).click();
    await page.getByLabel('Description').fill('From the old warehouse');
    await page.getByRole('button', { name: 'Save tag' }).click();
    await expect.poll(async () => (await readTag('urn:li:tag:legacy'))?.description).toBe('From the old warehouse');
    await expect.poll(() => legacy.textContent()).not.toContain('not created yet');
    expect(await legacy.locator('.uses').textContent()).toBe('used once');
  });

  it('shows the API refusing a tag that exists', async () => {
    const { page } = fx;
    await signInByLink(fx, '/ui/tags');
    await page.getByRole('button', { name: 'New tag' }).click();
    await page.getByLabel('Name').fill('pii');
    await page.getByRole('button', { name: 'Create tag' }).click();
    await expect.poll(() => page.locator('.tag-form .field-error').textContent()).toMatch(/urn:li:tag:pii/);
  });
});
