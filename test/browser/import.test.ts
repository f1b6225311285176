/** /ui/import in a browser: a CSV chosen, previewed row by row with nothing written, applied; a file refused as a whole. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enc, type TestApp } from '../integration/harness.js';
import { searchSettled, signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn } from './seed.js';

const RETENTION = 'io.acme.retention';
const ORDERS = datasetUrn('hive', 'imp.orders');
const CLICKS = datasetUrn('kafka', 'imp.clicks');

async function seedImport(app: TestApp): Promise<void> {
  const value = { qualifiedName: RETENTION, valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
  const defined = await app.post(`/openapi/v3/entity/structuredProperty/${enc(`urn:li:structuredProperty:${RETENTION}`)}/propertyDefinition`, { value });
  expect(defined.status, defined.text).toBe(200);
  const tag = await app.graphql('mutation { createTag(input: { id: "pii", name: "PII" }) }');
  expect(tag.errors).toBeUndefined();
  const items = [ORDERS, CLICKS].map((urn, i) => ({
    urn,
    datasetProperties: { value: { name: i === 0 ? 'imp.orders' : 'imp.clicks' } },
    structuredProperties: { value: { properties: [{ propertyUrn: `urn:li:structuredProperty:${RETENTION}`, values: [{ double: 30 }] }] } },
  }));
  const r = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items);
  expect(r.status, r.text).toBe(200);
}

const fx = useBrowserApp('uiimport', seedImport);

const retentionOf = async (urn: string) => {
  const r = await fx.app.get(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`);
  return (r.body.structuredProperties?.value?.properties ?? []).find((p: any) => p.propertyUrn.endsWith(RETENTION))?.values?.[0]?.double;
};
const tagsOf = async (urn: string) => (((await fx.app.get(`/openapi/v3/entity/dataset/${enc(urn)}/globalTags`)).body?.globalTags?.value?.tags ?? []) as any[]).map((t) => t.tag);

async function choose(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

const row = (page: Page, line: number) => page.locator(`table.import-outcomes tr[data-line="${line}"]`);
const summary = (page: Page) => page.getByRole('status').locator('.summary');

describe('web page CSV import', () => {
  const csv = [`urn,name,${RETENTION},tags`, `"${ORDERS}",imp.orders,45,pii`, `"${CLICKS}",imp.clicks,abc,`].join('\r\n');

  it('is linked from the search page, previews each row without writing, then applies the rows that pass', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await searchSettled(page);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import CSV', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ui/import');
    expect(await page.getByLabel('Entity type').inputValue()).toBe('dataset');

    await choose(page, 'retention.csv', csv);
    await expect.poll(() => summary(page).textContent()).toBe('retention.csv — 2 rows: 1 would change, 0 unchanged, 1 refused');
    const table = page.getByRole('table', { name: 'Preview: what each row would change' });
    expect(await table.locator('thead th').allTextContents()).toEqual(['Line', 'Entity', 'Status', 'What changes']);
    expect(await row(page, 2).locator('th').textContent()).toBe('2');
    expect(await row(page, 2).getByRole('link', { name: ORDERS }).getAttribute('href')).toBe(`/ui/dataset/${encodeURIComponent(ORDERS)}`);
    expect(await row(page, 2).locator('td.status').textContent()).toBe('would change');
    expect(await row(page, 2).locator('ul.changes li').allTextContents()).toEqual(expect.arrayContaining([`${RETENTION} 30 → 45`, 'tag pii added']));
    expect(await row(page, 3).locator('td.status').textContent()).toBe('refused');
    expect(await row(page, 3).locator('td.error').textContent()).toMatch(/should be a number/);
    // The preview wrote nothing.
    expect(await retentionOf(ORDERS)).toBe(30);
    expect(await tagsOf(ORDERS)).toEqual([]);

    await page.getByRole('button', { name: 'Apply 1 change' }).click();
    await expect.poll(() => summary(page).textContent()).toBe('retention.csv — 2 rows: 1 changed, 0 unchanged, 1 refused');
    await page.getByRole('table', { name: 'Result: what each row changed' }).waitFor();
    expect(await row(page, 2).locator('td.status').textContent()).toBe('applied');
    expect(await row(page, 3).locator('td.status').textContent()).toBe('refused');
    expect(await page.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
    expect(await retentionOf(ORDERS)).toBe(45);
    expect(await tagsOf(ORDERS)).toEqual(['urn:li:tag:pii']);
    expect(await retentionOf(CLICKS)).toBe(30);

    // The same file again: nothing left to change, so nothing to apply.
    await choose(page, 'retention.csv', csv);
    await expect.poll(() => summary(page).textContent()).toBe('retention.csv — 2 rows: 0 would change, 1 unchanged, 1 refused');
    expect(await page.getByRole('button', { name: 'Apply 0 changes' }).isDisabled()).toBe(true);
    expect(await row(page, 2).count()).toBe(0);
  });

  it("shows the API's message for a file it refuses as a whole", async () => {
    const { page } = fx;
    await signInByLink(fx, '/ui/import');
    await page.getByRole('heading', { name: 'Import CSV', level: 1 }).waitFor();
    const before = await retentionOf(ORDERS);
    await choose(page, 'colour.csv', `urn,colour\r\n"${ORDERS}",red`);
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Unknown columns .*"colour"/);
    expect(await page.locator('table.import-outcomes').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Apply/ }).count()).toBe(0);
    expect(await retentionOf(ORDERS)).toBe(before);
  });
});
