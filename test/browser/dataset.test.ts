/** /ui/dataset/<urn> in a browser: what the API holds is shown, tags and property values are edited, refusals appear by the field. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { graphqlData, type TestApp } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, seedCatalog, TIER } from './seed.js';

const fx = useBrowserApp('uidataset', seedCatalog);
const ORDERS = datasetUrn('hive', 'sales.orders');
const column = (page: Page, path: string) => page.locator(`li.column[data-column="${path}"]`);

async function readOrders(app: TestApp) {
  const data = await graphqlData(
    app,
    `query($urn: String!) { dataset(urn: $urn) {
      tags { tags { tag { urn } } }
      editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } } }
      schemaMetadata { fields { fieldPath schemaFieldEntity { structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } } } } } }
    } }`,
    { urn: ORDERS },
  );
  const d = data.dataset;
  const columnTags = (path: string) =>
    (d.editableSchemaMetadata?.editableSchemaFieldInfo ?? []).find((f: any) => f.fieldPath === path)?.tags?.tags?.map((t: any) => t.tag.urn) ?? [];
  const columnValues = (path: string, property: string) =>
    d.schemaMetadata.fields
      .find((f: any) => f.fieldPath === path)
      ?.schemaFieldEntity?.structuredProperties?.properties?.find((p: any) => p.structuredProperty.urn === property)
      ?.values.map((v: any) => v.stringValue) ?? [];
  return { tags: d.tags.tags.map((t: any) => t.tag.urn).sort(), columnTags, columnValues };
}

describe('web page dataset page', () => {
  it('opens from the search results and shows description, tags, properties and columns', async () => {
    const { page, app } = fx;
    await signInByLink(fx);
    await page.getByRole('link', { name: 'sales.orders' }).click();
    await expect.poll(() => page.url()).toBe(`${app.url}/ui/dataset/${encodeURIComponent(ORDERS)}`);
    await page.getByRole('heading', { name: 'sales.orders', level: 1 }).waitFor();
    expect(await page.locator('.dataset-page .description-editor .description').textContent()).toBe('Every order placed in the web shop');
    expect(await page.locator('.dataset-page > section').first().locator('.chip.tag').allTextContents()).toEqual(['PII×', 'Gold×']);
    const tier = page.locator(`.property[data-property="${TIER}"]`).first();
    // The property's description comes with the definitions, which the page loads beside the dataset.
    await expect.poll(() => tier.locator('dt').textContent()).toBe('Privacy tier — Who may read the data');
    expect(await tier.locator('.values').textContent()).toBe('internal');
    // Who set each value, and when: beside a property's values, on a tag's chip.
    const seededBy = `set by ${(await graphqlData(app, '{ me { corpUser { username } } }')).me.corpUser.username} · `;
    expect(await tier.locator('.set-by').textContent()).toMatch(new RegExp(`^${seededBy}(just now|\\d+ minutes? ago)$`));
    expect(await page.locator('.dataset-page > section').first().locator('.chip.tag').first().getAttribute('title')).toMatch(new RegExp(`^${seededBy}`));
    expect(await page.locator('li.column').evaluateAll((els) => els.map((e) => e.getAttribute('data-column')))).toEqual(['order_id', 'customer_email', 'amount']);
  });

  it('adds an existing tag and a new tag to a column, and removes a dataset tag', async () => {
    const { page, app } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    const email = column(page, 'customer_email');
    await email.getByLabel('Add a tag to column customer_email').fill('PII');
    await email.getByRole('button', { name: 'Add tag to column customer_email' }).click();
    await expect.poll(() => email.locator('.chip.tag').allTextContents()).toEqual(['PII×']);
    expect((await readOrders(app)).columnTags('customer_email')).toEqual(['urn:li:tag:pii']);

    await email.getByLabel('Add a tag to column customer_email').fill('Contact data');
    await email.getByLabel('Add a tag to column customer_email').press('Enter');
    await expect.poll(() => email.locator('.chip.tag').allTextContents()).toEqual(['PII×', 'Contact data×']);
    expect((await readOrders(app)).columnTags('customer_email')).toEqual(['urn:li:tag:pii', 'urn:li:tag:contact-data']);
    const created = await graphqlData(app, '{ tag(urn: "urn:li:tag:contact-data") { properties { name } } }');
    expect(created.tag.properties.name).toBe('Contact data');

    await page.getByRole('button', { name: 'Remove tag Gold from dataset sales.orders' }).click();
    await expect.poll(async () => (await readOrders(app)).tags).toEqual(['urn:li:tag:pii']);
    await expect.poll(() => page.locator('.dataset-page > section').first().locator('.chip.tag').allTextContents()).toEqual(['PII×']);
  });

  it('sets an allowed value on a column and shows the API refusing a disallowed one next to the field', async () => {
    const { page, app } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    const amount = column(page, 'amount');
    await amount.getByLabel('Set a property on column-amount').selectOption({ label: 'Privacy tier' });
    await amount.getByLabel('Privacy tier value 1', { exact: true }).fill('internal');
    await amount.getByRole('button', { name: 'Save Privacy tier' }).click();
    await expect.poll(() => amount.locator(`.property[data-property="${TIER}"] .values`).textContent()).toBe('internal');
    expect((await readOrders(app)).columnValues('amount', TIER)).toEqual(['internal']);

    await amount.getByRole('button', { name: 'Change Privacy tier' }).click();
    await amount.getByLabel('Privacy tier value 1', { exact: true }).fill('top-secret');
    await amount.getByRole('button', { name: 'Save Privacy tier' }).click();
    const refusal = await app.graphql(
      `mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }`,
      { input: { assetUrn: `urn:li:schemaField:(${ORDERS},amount)`, structuredPropertyInputParams: [{ structuredPropertyUrn: TIER, values: [{ stringValue: 'top-secret' }] }] } },
    );
    const message: string = refusal.errors[0].message;
    expect(message).toMatch(/should be one of/);
    const error = amount.locator('.value-form .field-error');
    await expect.poll(() => error.textContent()).toBe(message);
    expect(await amount.getByLabel('Privacy tier value 1', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect((await readOrders(app)).columnValues('amount', TIER)).toEqual(['internal']);

    // MULTIPLE cardinality: a second value row.
    await amount.getByRole('button', { name: 'Add another value' }).click();
    await amount.getByLabel('Privacy tier value 1', { exact: true }).fill('internal');
    await amount.getByLabel('Privacy tier value 2', { exact: true }).fill('secret');
    await amount.getByRole('button', { name: 'Save Privacy tier' }).click();
    await expect.poll(() => amount.locator(`.property[data-property="${TIER}"] .values`).textContent()).toBe('internal, secret');
    expect((await readOrders(app)).columnValues('amount', TIER)).toEqual(['internal', 'secret']);
    await amount.getByRole('button', { name: 'Remove Privacy tier', exact: true }).click();
    await expect.poll(async () => (await readOrders(app)).columnValues('amount', TIER)).toEqual([]);
  });

  it('edits the description in place, keeping what ingestion wrote, and shows owners, terms and domain', async () => {
    const { page, app } = fx;
    const write = async (aspect: string, value: object) =>
      expect((await app.post(`/openapi/v3/entity/dataset/${encodeURIComponent(ORDERS)}/${aspect}?createIfNotExists=false`, { value })).status).toBe(200);
    await write('ownership', { owners: [{ owner: 'urn:li:corpuser:jane', type: 'TECHNICAL_OWNER' }, { owner: 'urn:li:corpGroup:finance', type: 'BUSINESS_OWNER' }] });
    await write('glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:Commerce.Order' }], auditStamp: { time: 1, actor: 'urn:li:corpuser:jane' } });
    await write('domains', { domains: ['urn:li:domain:sales'] });
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    const context = page.locator('.dataset-context');
    await context.waitFor();
    expect(await context.locator('[data-context="owners"] li').allTextContents()).toEqual(['jane technical owner', 'finance (group) business owner']);
    expect(await context.locator('[data-context="terms"] li').allTextContents()).toEqual(['Commerce.Order']);
    expect(await context.locator('[data-context="domain"] dd').textContent()).toBe('sales');

    await page.getByRole('button', { name: 'Edit description' }).click();
    await page.getByLabel('Description').fill('Orders, one row per order line');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.description-editor .description').textContent()).toBe('Orders, one row per order line');
    const stored = await graphqlData(app, 'query($urn: String!) { dataset(urn: $urn) { properties { description } editableProperties { description } } }', { urn: ORDERS });
    expect(stored.dataset).toEqual({ properties: { description: 'Every order placed in the web shop' }, editableProperties: { description: 'Orders, one row per order line' } });
    // An empty description shows what ingestion wrote again.
    await page.getByRole('button', { name: 'Edit description' }).click();
    expect(await page.locator('.description-editor .hint').textContent()).toBe('As ingested: Every order placed in the web shop');
    await page.getByLabel('Description').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.description-editor .description').textContent()).toBe('Every order placed in the web shop');
  });

  it('names properties whose display names collide by their qualified names in the picker', async () => {
    const { page, app } = fx;
    for (const qn of ['io.acme.a.retentionTime', 'io.acme.b.retentionTime']) {
      const value = { qualifiedName: qn, displayName: 'Retention Time', valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
      const created = await app.post(`/openapi/v3/entity/structuredProperty/${encodeURIComponent(`urn:li:structuredProperty:${qn}`)}/propertyDefinition?createIfNotExists=false&waitForSearch=true`, { value });
      expect(created.status, created.text).toBe(200);
    }
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    const picker = page.locator('#add-property-dataset');
    await picker.locator('option', { hasText: 'Retention Time' }).first().waitFor({ state: 'attached' });
    const labels = await picker.locator('option').allTextContents();
    expect(labels.filter((l) => l.startsWith('Retention Time'))).toEqual(['Retention Time (io.acme.a.retentionTime)', 'Retention Time (io.acme.b.retentionTime)']);
  });

  it("shows the dataset's history: a change made on the page is at the top at once, with who, through which interface, before and after", async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(ORDERS)}`);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page.getByRole('button', { name: 'Edit description' }).click();
    await page.getByLabel('Description').fill('Order lines, audited');
    await page.getByRole('button', { name: 'Save' }).click();
    const top = page.locator('table.history tbody tr').first();
    await expect.poll(() => top.locator('td').nth(2).textContent()).toMatch(/^(add|modify) documentation description$/);
    expect(await top.locator('td').nth(1).textContent()).toMatch(/via WEB/);
    expect(await top.locator('td.after').textContent()).toBe('Order lines, audited');
  });

  it('says so when the dataset does not exist', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(datasetUrn('hive', 'nope'))}`);
    await page.getByRole('heading', { name: 'Dataset not found' }).waitFor();
  });
});
