/** /ui/properties in a browser: create a definition and see its facet, soft delete and restore, version bump, hard delete with its job. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { enc, graphqlData, type TestApp } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, seedCatalog } from './seed.js';

const fx = useBrowserApp('uiprops', seedCatalog);
const TEAM = 'urn:li:structuredProperty:io.acme.owner.team';
const TEAM_FIELD = 'structuredProperties.io.acme.owner.team';
const ORDERS = datasetUrn('hive', 'sales.orders');
const row = (page: Page, urn: string) => page.locator(`tr[data-property="${urn}"]`);

async function teamFacet(app: TestApp): Promise<Record<string, number> | undefined> {
  const data = await graphqlData(app, `{ aggregateAcrossEntities(input: { types: [DATASET], query: "*", facets: ["${TEAM_FIELD}"] }) { facets { field aggregations { value count } } } }`);
  const f = data.aggregateAcrossEntities.facets.find((x: any) => x.field === TEAM_FIELD);
  return f && Object.fromEntries(f.aggregations.map((a: any) => [a.value, a.count]));
}

async function ordersPropertyUrns(app: TestApp): Promise<string[]> {
  const data = await graphqlData(app, `query($urn: String!) { dataset(urn: $urn) { structuredProperties { properties { structuredProperty { urn } } } } }`, { urn: ORDERS });
  return data.dataset.structuredProperties.properties.map((p: any) => p.structuredProperty.urn).sort();
}

describe('web page properties page', () => {
  it('creates a property that then appears as a facet with its allowed values', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'New property' }).click();
    await page.getByLabel('Qualified name').fill('io.acme.owner.team');
    await page.getByLabel('Display name').fill('Owning team');
    await page.getByLabel('Description', { exact: true }).fill('Who answers questions about the data');
    await page.getByLabel(/^Allowed values/).fill('data | The data platform team\nweb');
    // Nothing carries it yet: only this setting puts it in the search sidebar.
    await page.getByLabel('Show in search filters').check();
    await page.getByRole('button', { name: 'Create property' }).click();
    await expect.poll(() => row(page, TEAM).locator('td[data-state]').textContent()).toBe('active');
    const stored = await app.get(`/openapi/v3/entity/structuredProperty/${enc(TEAM)}/propertyDefinition`);
    expect(stored.body.propertyDefinition.value).toMatchObject({
      qualifiedName: 'io.acme.owner.team',
      valueType: 'urn:li:dataType:service.string',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:service.dataset'],
      allowedValues: [{ value: { string: 'data' }, description: 'The data platform team' }, { value: { string: 'web' } }],
    });
    const settings = await app.get(`/openapi/v3/entity/structuredProperty/${enc(TEAM)}/structuredPropertySettings`);
    expect(settings.body.structuredPropertySettings.value).toMatchObject({ showInSearchFilters: true });

    await page.getByRole('link', { name: 'Search' }).click();
    const facet = page.locator(`fieldset[data-facet="${TEAM_FIELD}"]`);
    await expect.poll(() => facet.locator('legend').textContent()).toBe('Owning team');
    expect(await facet.locator('.facet-value').allTextContents()).toEqual(['data', 'web']);
    expect(await facet.locator('.facet-desc').allTextContents()).toEqual(['The data platform team']);

    await graphqlData(app, `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }`, {
      input: { assetUrn: ORDERS, structuredPropertyInputParams: [{ structuredPropertyUrn: TEAM, values: [{ stringValue: 'data' }] }] },
    });
    await app.refresh();
    await page.reload();
    expect((await teamFacet(app))?.data).toBe(1);
    await expect.poll(() => facet.locator('label', { hasText: 'data' }).locator('.count').getAttribute('data-count')).toBe('1');
  });

  it('soft delete hides the property from the dataset page and the facets; restore brings it back', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'Soft delete Owning team' }).click();
    await expect.poll(() => row(page, TEAM).locator('td[data-state]').textContent()).toBe('soft deleted');
    expect(await ordersPropertyUrns(app)).not.toContain(TEAM);

    await page.goto(`${app.url}/ui/dataset/${encodeURIComponent(ORDERS)}`);
    await page.getByRole('heading', { name: 'Properties' }).waitFor();
    await page.locator('.dataset-page .property').first().waitFor();
    // The definitions have loaded once a column offers the other properties.
    await page.locator('li.column select option', { hasText: 'Retention (days)' }).first().waitFor({ state: 'attached' });
    expect(await page.locator(`.property[data-property="${TEAM}"]`).count()).toBe(0);
    expect(await page.locator('.dataset-page select option', { hasText: 'Owning team' }).count()).toBe(0);

    await page.goto(`${app.url}/ui/search`);
    await page.locator('fieldset[data-facet="tags"]').waitFor();
    await page.locator('fieldset[data-facet="structuredProperties.io.acme.privacy.tier"]').waitFor();
    expect(await page.locator(`fieldset[data-facet="${TEAM_FIELD}"]`).count()).toBe(0);

    await page.goto(`${app.url}/ui/properties`);
    await page.getByRole('button', { name: 'Restore Owning team' }).click();
    await expect.poll(() => row(page, TEAM).locator('td[data-state]').textContent()).toBe('active');
    expect(await ordersPropertyUrns(app)).toContain(TEAM);
  });

  it('a breaking change shows the API refusal and offers the version bump', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'Edit Owning team' }).click();
    await page.getByLabel('Value type').selectOption('number');
    await page.getByLabel(/^Allowed values/).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const error = page.locator('.property-form .field-error');
    await expect.poll(() => error.textContent()).toMatch(/needs a version/);
    const bump = page.getByRole('button', { name: /^Save as version \d{14}$/ });
    const version = (await bump.textContent())!.replace(/\D/g, '');
    await bump.click();
    await expect.poll(() => row(page, TEAM).locator('td').first().textContent()).toBe('number');
    const stored = await app.get(`/openapi/v3/entity/structuredProperty/${enc(TEAM)}/propertyDefinition`);
    expect(stored.body.propertyDefinition.value).toMatchObject({ valueType: 'urn:li:dataType:service.number', version });
  });

  it('an edit keeps what the form does not show (type qualifier, platforms)', async () => {
    const { page, app } = fx;
    const urn = 'urn:li:structuredProperty:io.acme.steward';
    const value = {
      qualifiedName: 'io.acme.steward',
      displayName: 'Steward',
      valueType: 'urn:li:dataType:service.urn',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:service.dataset'],
      typeQualifier: { allowedTypes: ['urn:li:entityType:service.corpuser'] },
      allowedPlatforms: ['urn:li:dataPlatform:hive'],
    };
    const created = await app.post(`/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition?createIfNotExists=false`, { value });
    expect(created.status, created.text).toBe(200);
    await app.refresh();
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'Edit Steward' }).click();
    await page.getByLabel('Description', { exact: true }).fill('Who looks after the data');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => row(page, urn).locator('th .hint').nth(1).textContent()).toBe('Who looks after the data');
    const stored = await app.get(`/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`);
    expect(stored.body.propertyDefinition.value).toEqual({ ...value, description: 'Who looks after the data', immutable: false });
  });

  it('hard delete names the carriers, then shows the clean-up job until it is done', async () => {
    const { page, app } = fx;
    await graphqlData(app, `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }`, {
      input: { assetUrn: ORDERS, structuredPropertyInputParams: [{ structuredPropertyUrn: TEAM, values: [{ numberValue: 7 }] }] },
    });
    await app.refresh();
    await signInByLink(fx, '/ui/properties');
    await page.getByRole('button', { name: 'Delete Owning team permanently' }).click();
    await expect.poll(() => page.getByTestId('carrier-count').textContent()).toMatch(/^1 entity carries a value/);
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    const progress = page.getByTestId('job-progress');
    await expect.poll(() => progress.getAttribute('data-status')).toBe('pending');
    await app.runJobs();
    await expect.poll(() => progress.getAttribute('data-status')).toBe('done');
    const jobs = (await app.get(`/openapi/v3/jobs?key=${encodeURIComponent(TEAM)}`)).body.jobs;
    expect(jobs[0].status).toBe('done');
    expect(await progress.textContent()).toContain(`entities ${jobs[0].progress.entities}`);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row(page, TEAM).count()).toBe(0);
  });
});
