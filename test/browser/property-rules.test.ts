/** /ui/properties in a browser: value rules set on the property form, compliance with links to the search page, and a refused tightening. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enc, type TestApp } from '../integration/harness.js';
import { searchSettled, signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn } from './seed.js';

const RETENTION = 'urn:li:structuredProperty:io.rules.retention';
const FIELD = 'structuredProperties.io.rules.retention';
/** Five datasets; three carry a retention, all within 1–100, two of them above 10. */
const DATASETS = [
  { name: 'rules.a', retention: 5 },
  { name: 'rules.b', retention: 30 },
  { name: 'rules.c', retention: 70 },
  { name: 'rules.d' },
  { name: 'rules.e' },
];
const urnOf = (name: string) => datasetUrn('hive', name);

async function ok(app: TestApp, path: string, body: unknown): Promise<void> {
  const r = await app.post(path, body);
  expect(r.status, r.text).toBe(200);
}

async function seed(app: TestApp): Promise<void> {
  await ok(app, `/openapi/v3/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition?createIfNotExists=false`, {
    value: {
      qualifiedName: 'io.rules.retention',
      displayName: 'Retention (days)',
      valueType: 'urn:li:dataType:service.number',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:service.dataset'],
    },
  });
  const items = DATASETS.map((d) => ({
    urn: urnOf(d.name),
    datasetProperties: { value: { name: d.name } },
    ...(d.retention !== undefined ? { structuredProperties: { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: d.retention }] }] } } } : {}),
  }));
  await ok(app, '/openapi/v3/entity/dataset?async=false&waitForSearch=true', items);
  await app.refresh();
}

const fx = useBrowserApp('uirules', seed);
const row = (page: Page) => page.locator(`tr[data-property="${RETENTION}"]`);
const shownUrns = async (page: Page) => (await page.locator('.result').evaluateAll((els) => els.map((e) => e.getAttribute('data-urn')!))).sort();

async function storedRules(app: TestApp): Promise<Record<string, unknown>> {
  const r = await app.get(`/openapi/v3/entity/structuredProperty/${enc(RETENTION)}/structuredPropertyConstraints`);
  expect(r.status, r.text).toBe(200);
  const { lastModified: _l, ...rules } = r.body.structuredPropertyConstraints.value;
  return rules;
}

describe('web page property rules', () => {
  it('sets rules on the property form; the row shows them and how many entities comply', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/properties');
    // Without rules the row says so, and how many have a value (from the same report).
    await expect.poll(() => row(page).locator('td.rules').textContent()).toBe('—');
    await expect.poll(() => row(page).locator('td.compliance').textContent()).toBe('— 3 of 5 have a value');

    await page.getByRole('button', { name: 'Edit Retention (days)' }).click();
    const form = page.getByRole('form', { name: `Edit ${RETENTION}` });
    const rules = form.getByRole('group', { name: 'Rules' });
    // A number property offers bounds, not pattern or lengths.
    expect(await rules.getByLabel('Pattern').count()).toBe(0);
    await rules.getByLabel('Required', { exact: true }).check();
    await rules.getByLabel('Minimum', { exact: true }).fill('1');
    await rules.getByLabel('Maximum', { exact: true }).fill('100');
    await form.getByRole('button', { name: 'Save changes' }).click();

    await expect.poll(() => row(page).locator('td.rules').textContent()).toBe('required · 1–100');
    expect(await storedRules(app)).toEqual({ required: true, min: 1, max: 100 });
    await expect.poll(() => row(page).locator('td.compliance').textContent()).toBe('3 of 5 comply · 2 missing · 0 invalid');
  });

  it('"2 missing" opens the search page filtered to exactly those datasets, with a removable chip', async () => {
    const { page } = fx;
    await signInByLink(fx, '/ui/properties');
    await row(page).getByRole('link', { name: /2 missing/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('filter')).toEqual([`missing:${FIELD}`]);
    await searchSettled(page);
    expect(new URL(page.url()).searchParams.get('type')).toBe('dataset');
    expect(await shownUrns(page)).toEqual([urnOf('rules.d'), urnOf('rules.e')].sort());
    const chips = page.getByRole('list', { name: 'Value filters' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Retention (days): missing×']);

    await chips.getByRole('button', { name: 'Remove filter Retention (days): missing' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('filter')).toEqual([]);
    await searchSettled(page);
    expect(await shownUrns(page)).toEqual(DATASETS.map((d) => urnOf(d.name)).sort());
    expect(await chips.count()).toBe(0);
  });

  it('an invalid-value filter in the URL is sent as INVALID and shown as a chip', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search?type=dataset&filter=${encodeURIComponent(`invalid:${FIELD}`)}#token=${app.token}`);
    await searchSettled(page);
    // Writes enforce the rules, so nothing holds an invalid value.
    expect(await page.locator('.total').getAttribute('data-total')).toBe('0');
    expect(await page.getByRole('list', { name: 'Value filters' }).getByRole('listitem').allTextContents()).toEqual(['Retention (days): invalid×']);
  });

  it('a tightening that stored values would break is previewed, shown with the count, and not written', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'Edit Retention (days)' }).click();
    const form = page.getByRole('form', { name: `Edit ${RETENTION}` });
    await form.getByLabel('Maximum', { exact: true }).fill('10');
    const writes: string[] = [];
    page.on('request', (r) => r.url().includes('/structuredProperties/constraints') && writes.push(JSON.stringify(r.postDataJSON())));
    await form.getByRole('button', { name: 'Save changes' }).click();

    const refusal = form.getByRole('alert');
    await expect.poll(() => refusal.locator('.breaking-count').getAttribute('data-count')).toBe('2');
    expect(await refusal.textContent()).toContain('2 entities hold values that the new rules would break');
    const samples = refusal.getByRole('list', { name: 'Entities with values the rules would break' }).getByRole('link');
    expect(await samples.allTextContents()).toEqual([urnOf('rules.b'), urnOf('rules.c')]);
    expect(await samples.first().getAttribute('href')).toBe(`/ui/dataset/${encodeURIComponent(urnOf('rules.b'))}`);
    // Only the preview went out; the form stays open and the stored rules are as they were.
    expect(writes.map((w) => JSON.parse(w).dryRun)).toEqual([true]);
    expect(await form.isVisible()).toBe(true);
    expect(await storedRules(app)).toEqual({ required: true, min: 1, max: 100 });
  });
});
