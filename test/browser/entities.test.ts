/**
 * /ui/entity/<urn> in a browser: an entity of a type the original's connectors write (a chart in a schema in a
 * warehouse, written through the wire as `datahub ingest` writes it) is found by searching its type, opens on its own
 * page with its containers, owners and every aspect, takes a tag as a dataset does, and leads to its containers.
 */
import { describe, expect, it } from 'vitest';
import { enc, type TestApp } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { seedCatalog } from './seed.js';

const WAREHOUSE = 'urn:li:container:wh01';
const SCHEMA = 'urn:li:container:sc01';
const CHART = 'urn:li:chart:(looker,revenue_by_month)';
const actor = { time: 0, actor: 'urn:li:corpuser:jdoe' };
const proposal = (entityType: string, urn: string, aspect: string, value: unknown) => ({
  entityType, entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

async function seed(app: TestApp): Promise<void> {
  await seedCatalog(app);
  const proposals = [
    proposal('container', WAREHOUSE, 'containerProperties', { name: 'warehouse' }),
    proposal('container', SCHEMA, 'containerProperties', { name: 'analytics', description: 'curated tables' }),
    proposal('container', SCHEMA, 'container', { container: WAREHOUSE }),
    proposal('chart', CHART, 'chartInfo', { title: 'Revenue by month', description: 'booked revenue', lastModified: { created: actor, lastModified: actor } }),
    proposal('chart', CHART, 'container', { container: SCHEMA }),
    proposal('chart', CHART, 'ownership', { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'TECHNICAL_OWNER' }], lastModified: actor }),
  ];
  const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
}

const fx = useBrowserApp('uientities', seed);

describe('web page of a connector-written entity', () => {
  it('finds a chart by its type, shows its page, tags it, and leads to its containers', async () => {
    const { page, app } = fx;
    await signInByLink(fx, '/ui/search?type=chart');
    await expect.poll(() => page.locator('#search-type').inputValue()).toBe('chart');
    // Each result says what kind of entity it is.
    await expect.poll(() => page.locator(`.result[data-urn="${CHART}"] .type`).textContent()).toBe('Chart');
    await page.getByRole('link', { name: 'Revenue by month' }).click();
    await page.getByRole('heading', { name: 'Revenue by month', level: 1 }).waitFor();
    expect(page.url()).toContain(`/ui/entity/${encodeURIComponent(CHART)}`);
    expect(await page.locator('.entity-page .description').textContent()).toBe('booked revenue');
    expect(await page.getByLabel('Where it sits').getByRole('link').allTextContents()).toEqual(['Charts', 'warehouse', 'analytics']);
    expect(await page.locator('[data-context="owners"] li').textContent()).toContain('jdoe');
    expect(await page.locator('.aspects [data-aspect]').evaluateAll((els) => els.map((e) => e.getAttribute('data-aspect')))).toEqual(expect.arrayContaining(['chartInfo', 'container', 'ownership', 'chartKey']));

    await page.getByLabel('Add a tag to Revenue by month').fill('Gold');
    await page.getByRole('button', { name: 'Add tag to Revenue by month' }).click();
    await expect.poll(async () => (await app.get(`/openapi/v3/entity/chart/${enc(CHART)}/globalTags`)).body?.globalTags?.value).toEqual({ tags: [{ tag: 'urn:li:tag:gold' }] });
    await expect.poll(() => page.locator('.entity-page .tag-editor [data-tag="urn:li:tag:gold"]').count()).toBe(1);

    await page.getByLabel('Where it sits').getByRole('link', { name: 'analytics' }).click();
    await page.getByRole('heading', { name: 'analytics', level: 1 }).waitFor();
    expect(await page.getByLabel('Where it sits').getByRole('link').allTextContents()).toEqual(['Containers', 'warehouse']);
    // A container lists what sits directly in it, each a link to its page.
    await page.locator('.container-contents li').first().waitFor();
    expect(await page.locator('.container-contents li').allTextContents()).toEqual(['Revenue by month Chart']);
    await page.getByLabel('Where it sits').getByRole('link', { name: 'warehouse' }).click();
    await page.getByRole('heading', { name: 'warehouse', level: 1 }).waitFor();
    await page.locator('.container-contents li').first().waitFor();
    expect(await page.locator('.container-contents li').allTextContents()).toEqual(['analytics Container']);
    await page.locator('.container-contents').getByRole('link', { name: 'analytics' }).click();
    await page.getByRole('heading', { name: 'analytics', level: 1 }).waitFor();
  });

  it('says so for an entity that does not exist', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/entity/${encodeURIComponent('urn:li:chart:(looker,nothing)')}`);
    await page.getByRole('heading', { name: 'Not found', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Nothing is stored at urn:li:chart:(looker,nothing)');
  });
});
