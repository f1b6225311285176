/** /ui/search in a browser: suggestions while typing in the search box (keyboard, mouse, Escape) and why each result matched. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../integration/harness.js';
import { searchSettled, signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, schemaMetadataOf } from './seed.js';

const DATASETS = [
  { platform: 'hive', name: 'orders', description: 'Every order placed in the web shop', columns: ['order_id', 'amount'], tags: [] },
  { platform: 'hive', name: 'order_returns', description: 'Parcels sent back', columns: ['order_id', 'reason'], tags: [] },
  { platform: 'mysql', name: 'crm.contacts', description: 'People we write to', columns: ['contact_id', 'customer_email', 'country'], tags: ['pii'] },
  { platform: 'mysql', name: 'shop.products', description: 'Product catalogue', columns: ['sku', 'title', 'price'], tags: [] },
];
const ORDERS = datasetUrn('hive', 'orders');
const CONTACTS = datasetUrn('mysql', 'crm.contacts');

async function seedDatasets(app: TestApp): Promise<void> {
  const tag = await app.graphql('mutation { createTag(input: { id: "pii", name: "PII", description: "Personal data" }) }');
  expect(tag.errors).toBeUndefined();
  const items = DATASETS.map((d) => ({
    urn: datasetUrn(d.platform, d.name),
    datasetProperties: { value: { name: d.name, description: d.description } },
    schemaMetadata: { value: schemaMetadataOf(d.platform, d.name, d.columns) },
    ...(d.tags.length ? { globalTags: { value: { tags: d.tags.map((t) => ({ tag: `urn:li:tag:${t}` })) } } } : {}),
  }));
  const r = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items);
  expect(r.status, r.text).toBe(200);
}

const fx = useBrowserApp('uisuggest', seedDatasets);

const box = (page: Page) => page.getByLabel('Search', { exact: true });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const optionTexts = (page: Page) => suggestions(page).getByRole('option').allTextContents();
/** The text of the option the box points at with aria-activedescendant ('' when none). */
const activeOption = (page: Page) =>
  page.evaluate(() => {
    const id = document.getElementById('search-query')?.getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.querySelector('.suggestion-label')?.textContent ?? '' : '';
  });

async function typeInBox(page: Page, text: string): Promise<void> {
  await box(page).click();
  await box(page).fill('');
  await page.keyboard.type(text, { delay: 30 });
}

describe('web page search suggestions', () => {
  it('suggests datasets while typing; arrow keys choose one and Enter opens its page', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await searchSettled(page);
    const asked: string[] = [];
    page.on('request', (r) => r.postData()?.includes('autoCompleteForMultiple') && asked.push(r.postDataJSON().variables.input.query));
    // The page's clock stands still while the keys are typed (however slowly the machine types them), then moves on
    // past the pause: asked once typing paused, not per keystroke.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await typeInBox(page, 'ord');
    expect(asked).toEqual([]);
    await page.clock.runFor(1_000);
    await page.clock.resume();
    await expect.poll(() => optionTexts(page)).toContainEqual(expect.stringMatching(/^orders/));
    expect(asked).toEqual(['ord']);
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    expect(await box(page).getAttribute('aria-controls')).toBe('search-suggestions');
    expect(await optionTexts(page)).not.toContainEqual(expect.stringMatching(/products/));
    // Nothing is chosen until an arrow key moves into the list; then the box names the chosen option.
    expect(await activeOption(page)).toBe('');
    const count = (await optionTexts(page)).length;
    for (let i = 0; i < count && (await activeOption(page)) !== 'orders'; i++) await page.keyboard.press('ArrowDown');
    expect(await activeOption(page)).toBe('orders');
    expect(await suggestions(page).getByRole('option', { selected: true }).textContent()).toMatch(/^orders/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'orders', level: 1 }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/ui/dataset/${ORDERS}`);
  });

  it('a click on a suggestion opens it; Escape and a click outside close the list; Enter without a choice searches the text', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await searchSettled(page);
    await typeInBox(page, 'crm');
    await expect.poll(() => optionTexts(page)).toContainEqual(expect.stringMatching(/^crm\.contacts/));
    await page.keyboard.press('Escape');
    await expect.poll(() => suggestions(page).isVisible()).toBe(false);
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    expect(await box(page).inputValue()).toBe('crm');

    await page.keyboard.type('.c');
    await expect.poll(() => suggestions(page).isVisible()).toBe(true);
    await page.locator('header .brand').click();
    await expect.poll(() => suggestions(page).isVisible()).toBe(false);

    await typeInBox(page, 'ord');
    await expect.poll(() => optionTexts(page)).toContainEqual(expect.stringMatching(/^orders/));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('query=ord');
    await searchSettled(page);
    expect(await suggestions(page).isVisible()).toBe(false);

    await typeInBox(page, 'crm');
    await suggestions(page).getByRole('option', { name: /^crm\.contacts/ }).click();
    await page.getByRole('heading', { name: 'crm.contacts', level: 1 }).waitFor();
  });

  it('says under each result why it matched: the column, the tag, the description', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search?query=email&type=dataset#token=${app.token}`);
    await searchSettled(page);
    const contacts = page.locator(`.result[data-urn="${CONTACTS}"]`);
    await expect.poll(() => contacts.locator('.matched .match').allTextContents()).toContain('column customer_email');
    expect(await contacts.locator('.matched').textContent()).toMatch(/^Matched: /);

    await page.goto(`${app.url}/ui/search?query=${encodeURIComponent('PII')}&type=dataset#token=${app.token}`);
    await searchSettled(page);
    await expect.poll(() => contacts.locator('.matched .match').allTextContents()).toContain('tag PII');

    await page.goto(`${app.url}/ui/search?query=parcels&type=dataset#token=${app.token}`);
    await searchSettled(page);
    const returns = page.locator(`.result[data-urn="${datasetUrn('hive', 'order_returns')}"]`);
    await expect.poll(() => returns.locator('.matched .match').allTextContents()).toEqual(['description']);
  });

  it('shows no reasons when the query matches everything', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await searchSettled(page);
    expect(await page.locator('.result').count()).toBe(DATASETS.length);
    expect(await page.locator('.result .matched').count()).toBe(0);
  });

  it('exports what the page shows as CSV, signed in by the session cookie', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search?query=PII&type=dataset#token=${app.token}`);
    await searchSettled(page);
    const link = page.getByRole('link', { name: 'Export CSV' });
    expect(await link.getAttribute('href')).toBe('/openapi/v3/export/dataset?query=PII');
    // Fetched as the page's own session (the cookie), not with the token.
    const csv = await page.evaluate(async (href) => (await fetch(href!)).text(), await link.getAttribute('href'));
    expect(csv.split('\r\n')).toEqual(['urn,name,tags', `"${CONTACTS}",crm.contacts,pii`, '']);
  });
});
