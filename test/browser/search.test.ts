/** /ui/search in a browser: text and query-string search, inline syntax errors, facet clicks and ranges, counts checked against the API. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../integration/harness.js';
import { searchSettled, signInByLink, useBrowserApp } from './browser-harness.js';
import { seedCatalog } from './seed.js';

const fx = useBrowserApp('uisearch', seedCatalog);

type And = { field: string; condition?: string; values: string[] }[];

async function apiSearch(app: TestApp, query: string, and: And = []): Promise<{ total: number; urns: string[] }> {
  const r = await app.graphql(
    `query($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { total searchResults { entity { urn } } } }`,
    { input: { types: ['DATASET'], query, count: 100, orFilters: and.length ? [{ and }] : [] } },
  );
  expect(r.errors).toBeUndefined();
  return { total: r.data.scrollAcrossEntities.total, urns: r.data.scrollAcrossEntities.searchResults.map((s: any) => s.entity.urn).sort() };
}

async function apiFacets(app: TestApp, facets: string[], and: And = []): Promise<Record<string, Record<string, number>>> {
  const r = await app.graphql(
    `query($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field aggregations { value count } } } }`,
    { input: { types: ['DATASET'], query: '*', facets, orFilters: and.length ? [{ and }] : [] } },
  );
  expect(r.errors).toBeUndefined();
  return Object.fromEntries(r.data.aggregateAcrossEntities.facets.map((f: any) => [f.field, Object.fromEntries(f.aggregations.map((a: any) => [a.value, a.count]))]));
}

const shownTotal = (page: Page) => page.locator('.total').getAttribute('data-total').then(Number);
const shownUrns = async (page: Page) => (await page.locator('.result').evaluateAll((els) => els.map((e) => e.getAttribute('data-urn')!))).sort();
const facetCount = (page: Page, field: string, label: string) =>
  page.locator(`fieldset[data-facet="${field}"] label`, { hasText: label }).locator('.count').getAttribute('data-count').then(Number);

async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await page.getByLabel('Search', { exact: true }).press('Enter');
}

describe('web page search', () => {
  it('searches by text: the same results as the API, and the query in the URL', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await searchSettled(page);
    expect(await shownTotal(page)).toBe((await apiSearch(app, '*')).total);
    await searchFor(page, 'shop');
    await expect.poll(() => page.url()).toContain('query=shop');
    await searchSettled(page);
    const api = await apiSearch(app, 'shop');
    expect(api.total).toBeGreaterThan(1);
    expect(await shownTotal(page)).toBe(api.total);
    expect(await shownUrns(page)).toEqual(api.urns);
  });

  it('searches by query string, as the API reads it', async () => {
    const { page, app } = fx;
    const q = 'structuredProperties.io_acme_retentionDays:>45 AND tags:"urn:li:tag:pii"';
    await page.goto(`${app.url}/ui/search#token=${app.token}`);
    await searchFor(page, q);
    await expect.poll(() => page.url()).toContain('query=');
    await searchSettled(page);
    const api = await apiSearch(app, q);
    expect(api.total).toBe(2);
    expect(await shownUrns(page)).toEqual(api.urns);
  });

  it('shows a syntax error inline with the position the API reports', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search?query=${encodeURIComponent('name:(orders')}&type=dataset#token=${app.token}`);
    const api = await app.graphql(`{ scrollAcrossEntities(input: { types: [DATASET], query: "name:(orders" }) { total } }`);
    const message: string = api.errors[0].message;
    expect(message).toMatch(/at character 6/);
    const error = page.locator('#query-error');
    await expect.poll(() => error.locator('p').textContent()).toBe(message);
    expect(await error.locator('mark').textContent()).toBe('(');
    expect(await page.getByLabel('Search', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  });

  it('filters by facet clicks, updates every count like the API, and the back button undoes a click', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    const facets = ['tags', 'platform', 'structuredProperties.io.acme.privacy.tier'];
    const all = await apiFacets(app, facets);
    await searchSettled(page);
    expect(await facetCount(page, 'tags', 'PII')).toBe(all.tags['urn:li:tag:pii']);
    expect(await facetCount(page, 'platform', 'hive')).toBe(all.platform['urn:li:dataPlatform:hive']);
    // Allowed values are listed in their defined order, with their descriptions, counted or not.
    const tierValues = await page.locator('fieldset[data-facet="structuredProperties.io.acme.privacy.tier"] .facet-value').allTextContents();
    expect(tierValues).toEqual(['public', 'internal', 'secret']);

    await page.getByRole('checkbox', { name: /^PII/ }).check();
    await expect.poll(() => page.url()).toContain(`filter=${encodeURIComponent('tags=urn:li:tag:pii')}`);
    const pii: And = [{ field: 'tags', values: ['urn:li:tag:pii'] }];
    await searchSettled(page);
    const piiSearch = await apiSearch(app, '*', pii);
    expect(await shownTotal(page)).toBe(piiSearch.total);
    expect(await shownUrns(page)).toEqual(piiSearch.urns);
    const piiFacets = await apiFacets(app, facets, pii);
    expect(await facetCount(page, 'platform', 'hive')).toBe(piiFacets.platform['urn:li:dataPlatform:hive']);
    expect(await facetCount(page, 'structuredProperties.io.acme.privacy.tier', 'internal')).toBe(piiFacets['structuredProperties.io.acme.privacy.tier'].internal ?? 0);
    expect(await facetCount(page, 'structuredProperties.io.acme.privacy.tier', 'public')).toBe(piiFacets['structuredProperties.io.acme.privacy.tier'].public ?? 0);

    await page.getByRole('checkbox', { name: /^secret/ }).check();
    await expect.poll(() => page.url()).toContain('secret');
    await searchSettled(page);
    const both: And = [...pii, { field: 'structuredProperties.io.acme.privacy.tier', values: ['secret'] }];
    const bothSearch = await apiSearch(app, '*', both);
    expect(bothSearch.total).toBe(1);
    expect(await shownUrns(page)).toEqual(bothSearch.urns);

    await page.goBack();
    await expect.poll(() => page.url()).not.toContain('secret');
    await searchSettled(page);
    expect(await shownTotal(page)).toBe(piiSearch.total);
    expect(await page.getByRole('checkbox', { name: /^secret/ }).isChecked()).toBe(false);
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain('filter=');
    await searchSettled(page);
    expect(await shownTotal(page)).toBe((await apiSearch(app, '*')).total);
  });

  it('filters a number property by range', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await page.getByLabel('From', { exact: true }).fill('60');
    await page.getByRole('button', { name: 'Apply range of Retention (days)' }).click();
    await expect.poll(() => page.url()).toContain(`filter=${encodeURIComponent('structuredProperties.io.acme.retentionDays>=60')}`);
    await searchSettled(page);
    const api = await apiSearch(app, '*', [{ field: 'structuredProperties.io.acme.retentionDays', condition: 'GREATER_THAN_OR_EQUAL_TO', values: ['60'] }]);
    expect(api.total).toBe(2);
    expect(await shownUrns(page)).toEqual(api.urns);
  });

  it('says how many datasets have a number property, counted by the index, not from the first values listed', async () => {
    const { page, app } = fx;
    const RETENTION = 'urn:li:structuredProperty:io.acme.retentionDays';
    const items = Array.from({ length: 30 }, (_, i) => ({
      urn: `urn:li:dataset:(urn:li:dataPlatform:s3,range.n${String(i).padStart(2, '0')},PROD)`,
      datasetProperties: { value: { name: `range.n${i}` } },
      structuredProperties: { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: 1000 + i }] }] } },
    }));
    expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items)).status).toBe(200);
    const r = await app.graphql('query($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { entitiesWithValue aggregations { value } } } }', {
      input: { types: ['DATASET'], query: '*', facets: ['structuredProperties.io.acme.retentionDays'] },
    });
    const facet = r.data.aggregateAcrossEntities.facets[0];
    expect(facet.entitiesWithValue).toBeGreaterThan(facet.aggregations.length);
    await page.goto(`${app.url}/ui/search#token=${app.token}`);
    await searchSettled(page);
    const shown = page.locator('fieldset[data-facet="structuredProperties.io.acme.retentionDays"] p.hint[data-count]');
    await expect.poll(() => shown.getAttribute('data-count').then(Number)).toBe(facet.entitiesWithValue);
    // The index answers 1000.0; the page shows numbers as written.
    expect(facet.aggregations[0].value).toMatch(/\.0$/);
    expect(await shown.textContent()).toMatch(new RegExp(`with a value \\(${facet.aggregations[0].value.replace(/\.0$/, '')}, `));
  });

  it('offers value ranges of a number property, counted by the index, and a click filters on one', async () => {
    const { page, app } = fx;
    await page.goto(`${app.url}/ui/search#token=${app.token}`);
    await searchSettled(page);
    const field = 'structuredProperties.io.acme.retentionDays';
    const r = await app.graphql('query($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { ranges { from to count } } } }', {
      input: { types: ['DATASET'], query: '*', facets: [field] },
    });
    const ranges: { from: number; to: number; count: number }[] = r.data.aggregateAcrossEntities.facets[0].ranges;
    expect(ranges.length).toBeGreaterThan(1);
    const buttons = page.locator(`fieldset[data-facet="${field}"] .ranges li`);
    await expect.poll(() => buttons.locator('.count').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))))).toEqual(ranges.map((x) => x.count));
    await buttons.first().getByRole('button').click();
    await expect.poll(() => page.url()).toContain(`filter=${encodeURIComponent(`${field}>=${ranges[0].from}`)}`);
    await searchSettled(page);
    const api = await apiSearch(app, '*', [
      { field, condition: 'GREATER_THAN_OR_EQUAL_TO', values: [String(ranges[0].from)] },
      { field, condition: 'LESS_THAN_OR_EQUAL_TO', values: [String(ranges[0].to)] },
    ]);
    expect(await shownTotal(page)).toBe(api.total);
    expect(api.total).toBe(ranges[0].count);
  });

  it('shows the properties that matter: set to show in filters, filtered on, the most used; "More filters" finds the others', async () => {
    const { page, app } = fx;
    // Ten more properties, each used by one dataset more than the one before, and one nobody uses, set to show in filters.
    const define = async (qn: string, displayName: string) => {
      const urn = `urn:li:structuredProperty:${qn}`;
      const value = { qualifiedName: qn, displayName, valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
      expect((await app.post(`/openapi/v3/entity/structuredProperty/${encodeURIComponent(urn)}/propertyDefinition?createIfNotExists=false&waitForSearch=true`, { value })).status).toBe(200);
      return urn;
    };
    const used = [];
    for (let k = 0; k < 10; k++) used.push(await define(`io.acme.scale.p${k}`, `Scale ${k}`));
    const pinned = await define('io.acme.scale.pinned', 'Pinned one');
    expect((await app.post(`/openapi/v3/entity/structuredProperty/${encodeURIComponent(pinned)}/structuredPropertySettings?createIfNotExists=false&waitForSearch=true`, { value: { showInSearchFilters: true } })).status).toBe(200);
    const items = Array.from({ length: 10 }, (_, i) => ({
      urn: `urn:li:dataset:(urn:li:dataPlatform:s3,scale.d${i},PROD)`,
      datasetProperties: { value: { name: `scale.d${i}` } },
      structuredProperties: { value: { properties: used.filter((_u, k) => k <= i).map((propertyUrn) => ({ propertyUrn, values: [{ string: 'x' }] })) } },
    }));
    expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items)).status).toBe(200);

    await page.goto(`${app.url}/ui/search#token=${app.token}`);
    await searchSettled(page);
    const sidebar = page.locator('aside.facets');
    // The pinned one first, then the five most used in these results, as the API counts them (p5 … p9 and the rest are left for "More filters").
    const byUse = (await apiFacets(app, ['propertyUrns'])).propertyUrns;
    const top = Object.entries(byUse).filter(([u]) => u.startsWith('urn:li:structuredProperty:io.acme.')).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([u]) => u.replace('urn:li:structuredProperty:', 'structuredProperties.'));
    const expected = ['structuredProperties.io.acme.scale.pinned', ...top];
    const shownFacets = () => sidebar.locator('fieldset[data-facet^="structuredProperties."]').evaluateAll((els) => els.map((e) => e.getAttribute('data-facet')));
    await expect.poll(shownFacets, { timeout: 15_000 }).toEqual(expected);
    expect(expected).toContain('structuredProperties.io.acme.scale.p0');
    expect(expected).not.toContain('structuredProperties.io.acme.scale.p9');
    const more = page.getByLabel(/^More filters/);
    expect(await page.locator('label[for="more-filters"]').textContent()).toMatch(/More filters \(\d+ more properties\)/);
    await more.fill('scale 9');
    await page.locator('.more-filters').getByRole('button', { name: 'Scale 9', exact: true }).click();
    await sidebar.locator('fieldset[data-facet="structuredProperties.io.acme.scale.p9"]').waitFor();
    await more.fill('no such thing');
    expect(await page.locator('.more-filters .hint').textContent()).toBe('No property matches “no such thing”.');
  });

  it('keeps long property names inside the sidebar', async () => {
    const { page, app } = fx;
    const qn = `io.acme.${'averyveryverylongsegment'.repeat(4)}.name`;
    const urn = `urn:li:structuredProperty:${qn}`;
    const value = { qualifiedName: qn, valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    expect((await app.post(`/openapi/v3/entity/structuredProperty/${encodeURIComponent(urn)}/propertyDefinition?createIfNotExists=false&waitForSearch=true`, { value })).status).toBe(200);
    expect((await app.post(`/openapi/v3/entity/structuredProperty/${encodeURIComponent(urn)}/structuredPropertySettings?createIfNotExists=false&waitForSearch=true`, { value: { showInSearchFilters: true } })).status).toBe(200);
    await page.goto(`${app.url}/ui/search#token=${app.token}`);
    await searchSettled(page);
    const legend = page.locator(`fieldset[data-facet="structuredProperties.${qn}"] legend`);
    await legend.waitFor();
    const side = (await page.locator('aside.facets').boundingBox())!;
    const box = (await legend.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(side.x + side.width + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('pages through results with the scroll id', async () => {
    const { page, app } = fx;
    const entities = Array.from({ length: 21 }, (_, i) => ({
      urn: `urn:li:dataset:(urn:li:dataPlatform:s3,bulk.part${String(i).padStart(2, '0')},PROD)`,
      datasetProperties: { value: { name: `bulk.part${i}`, description: 'bulk part' } },
    }));
    const r = await app.post('/openapi/v3/entity/dataset?async=false', entities);
    expect(r.status, r.text).toBe(200);
    await app.refresh();
    await page.goto(`${app.url}/ui/search?query=bulk&type=dataset#token=${app.token}`);
    await expect.poll(() => shownTotal(page)).toBe(21);
    expect(await page.locator('.result').count()).toBe(20);
    await page.getByRole('button', { name: /Show more/ }).click();
    await expect.poll(() => page.locator('.result').count()).toBe(21);
    expect(await page.getByRole('button', { name: /Show more/ }).count()).toBe(0);
  });
});
