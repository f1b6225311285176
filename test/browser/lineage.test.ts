/**
 * The lineage view and the Impact tab in a browser, against lineage written through the wire as `datahub ingest`
 * writes it: raw → clean (with a column edge) → report → final across two platforms, and a chart reading the clean
 * table. The picture draws both sides coloured by platform, grows a hop on "+", opens a node's page on a click and
 * lists column edges on demand; the Impact tab lists the downstream set with degrees, narrows it by facet and links
 * the export of it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApp } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, schemaMetadataOf } from './seed.js';

const RAW = datasetUrn('hive', 'lin.raw');
const CLEAN = datasetUrn('hive', 'lin.clean');
const REPORT = datasetUrn('snowflake', 'lin.report');
const FINAL = datasetUrn('snowflake', 'lin.final');
const CHART = 'urn:li:chart:(looker,orders_by_day)';
// Apart from the chain: a table wider than one request of column lineage asks about.
const EVENTS = datasetUrn('kafka', 'lin.events');
const WIDE = datasetUrn('hive', 'lin.wide');
const WIDE_COLUMNS = Array.from({ length: 120 }, (_, i) => `c${i}`);
const column = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

const actor = { time: 1, actor: 'urn:li:corpuser:etl' };
const proposal = (entityType: string, urn: string, aspect: string, value: unknown) => ({
  entityType, entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});
const dataset = (urn: string, platform: string, name: string, title: string, columns: string[]) => [
  proposal('dataset', urn, 'datasetProperties', { name: title }),
  proposal('dataset', urn, 'schemaMetadata', schemaMetadataOf(platform, name, columns)),
];
const upstreams = (urn: string, from: string, fineGrainedLineages?: unknown[]) =>
  proposal('dataset', urn, 'upstreamLineage', { upstreams: [{ dataset: from, type: 'TRANSFORMED', auditStamp: actor }], ...(fineGrainedLineages && { fineGrainedLineages }) });

async function seed(app: TestApp): Promise<void> {
  const proposals = [
    ...dataset(RAW, 'hive', 'lin.raw', 'raw orders', ['id', 'email']),
    ...dataset(CLEAN, 'hive', 'lin.clean', 'clean orders', ['id', 'email_hash']),
    ...dataset(REPORT, 'snowflake', 'lin.report', 'orders report', ['day', 'orders']),
    ...dataset(FINAL, 'snowflake', 'lin.final', 'orders final', ['day']),
    upstreams(CLEAN, RAW, [{ upstreamType: 'FIELD_SET', upstreams: [column(RAW, 'email')], downstreamType: 'FIELD', downstreams: [column(CLEAN, 'email_hash')] }]),
    upstreams(REPORT, CLEAN),
    upstreams(FINAL, REPORT),
    ...dataset(EVENTS, 'kafka', 'lin.events', 'events', ['user']),
    ...dataset(WIDE, 'hive', 'lin.wide', 'wide table', WIDE_COLUMNS),
    upstreams(WIDE, EVENTS, [{ upstreamType: 'FIELD_SET', upstreams: [column(EVENTS, 'user')], downstreamType: 'FIELD', downstreams: [column(WIDE, 'c0'), column(WIDE, 'c119')] }]),
    proposal('dataset', FINAL, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }], lastModified: actor }),
    proposal('chart', CHART, 'chartInfo', { title: 'Orders by day', description: 'daily orders', inputs: [CLEAN], lastModified: { created: actor, lastModified: actor } }),
  ];
  const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
}

const fx = useBrowserApp('uilineage', seed);

const node = (page: Page, urn: string) => page.locator(`svg.lineage-graph g.lineage-node[data-urn="${urn}"]`);
const drawn = (page: Page) => page.locator('svg.lineage-graph g.lineage-node').evaluateAll((els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-urn'), Number(e.getAttribute('data-column'))])));
const fill = (page: Page, urn: string) => node(page, urn).locator('rect.lineage-box').getAttribute('fill');
const impactRows = (page: Page) => page.locator('.impact-table tbody tr').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-urn'), Number(r.getAttribute('data-degree'))])));
const exportOf = (params: Record<string, string>) => `/openapi/v3/export/dataset?${new URLSearchParams(params)}`;
const facetBox = (page: Page, field: string, text: RegExp) => page.locator(`.impact [data-facet="${field}"] li`).filter({ hasText: text }).getByRole('checkbox');

describe('lineage on an entity page', () => {
  it('draws one hop each way coloured by platform, grows a hop on "+", and opens a node’s page on a click', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(CLEAN)}`);
    await page.getByRole('heading', { name: 'clean orders', level: 1 }).waitFor();
    const picture = page.getByRole('group', { name: /^Lineage of clean orders/ });
    await picture.waitFor();
    expect(await picture.getAttribute('aria-label')).toBe('Lineage of clean orders: 1 upstream, 2 downstream');
    expect(await drawn(page)).toEqual({ [CLEAN]: 0, [RAW]: -1, [REPORT]: 1, [CHART]: 1 });
    expect(await page.locator(`path.lineage-edge[data-from="${RAW}"][data-to="${CLEAN}"]`).count()).toBe(1);
    expect(await page.locator(`path.lineage-edge[data-from="${CLEAN}"][data-to="${CHART}"]`).count()).toBe(1);

    // A colour per platform: the two hive tables alike, the snowflake one and the looker chart each their own.
    const [raw, clean, report, chart] = await Promise.all([RAW, CLEAN, REPORT, CHART].map((u) => fill(page, u)));
    expect(raw).toBe(clean);
    expect(new Set([raw, report, chart]).size).toBe(3);
    expect(await node(page, REPORT).getAttribute('data-platform')).toBe('urn:li:dataPlatform:snowflake');
    expect(await page.getByRole('list', { name: 'Platforms' }).getByRole('listitem').allTextContents()).toEqual(['hive', 'looker', 'snowflake']);

    // The next hop downstream of the report, drawn a column further out; the "+" is gone once it is drawn.
    await page.getByRole('button', { name: 'Show what is downstream of orders report' }).click();
    await expect.poll(() => drawn(page)).toEqual({ [CLEAN]: 0, [RAW]: -1, [REPORT]: 1, [CHART]: 1, [FINAL]: 2 });
    expect(await page.locator(`path.lineage-edge[data-from="${REPORT}"][data-to="${FINAL}"]`).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Show what is downstream of orders report' }).count()).toBe(0);
    // Nothing is upstream of the raw table: its "+" draws nothing and goes away.
    await page.getByRole('button', { name: 'Show what is upstream of raw orders' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Show what is upstream of raw orders' }).count()).toBe(0);
    expect(Object.keys(await drawn(page))).toHaveLength(5);

    // A click on a node opens its page, whose picture is centred on it.
    await node(page, RAW).getByRole('link').click();
    await page.getByRole('heading', { name: 'raw orders', level: 1 }).waitFor();
    expect(page.url()).toContain(`/ui/dataset/${encodeURIComponent(RAW)}`);
    await expect.poll(() => drawn(page)).toEqual({ [RAW]: 0, [CLEAN]: 1 });
    expect(await node(page, RAW).getAttribute('class')).toContain('is-centre');

    // The chart's node opens the entity page, with its own lineage.
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(CLEAN)}`);
    await node(page, CHART).getByRole('link', { name: 'Orders by day, Chart · looker, 1 hop downstream' }).click();
    await page.getByRole('heading', { name: 'Orders by day', level: 1 }).waitFor();
    expect(page.url()).toContain(`/ui/entity/${encodeURIComponent(CHART)}`);
    await expect.poll(() => drawn(page)).toEqual({ [CHART]: 0, [CLEAN]: -1 });
  });

  it('lists column → column edges on demand', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(CLEAN)}`);
    await page.getByRole('group', { name: /^Lineage of clean orders/ }).waitFor();
    expect(await page.locator('table.column-edges').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Show columns' }).check();
    const edge = page.locator(`table.column-edges tr[data-from="${column(RAW, 'email')}"][data-to="${column(CLEAN, 'email_hash')}"]`);
    await edge.waitFor();
    expect(await page.locator('table.column-edges tbody tr').count()).toBe(1);
    expect((await edge.textContent())?.replace(/\s+/g, ' ')).toBe('email in raw orders→ email_hash');
    await edge.getByRole('link', { name: 'raw orders' }).click();
    await page.getByRole('heading', { name: 'raw orders', level: 1 }).waitFor();
    // Seen from the other end, as an edge out of this table.
    await page.getByRole('checkbox', { name: 'Show columns' }).check();
    await page.locator(`table.column-edges tr[data-from="${column(RAW, 'email')}"][data-to="${column(CLEAN, 'email_hash')}"]`).waitFor();

    // A table wider than one request's columns: the edges of its first and its last column.
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(WIDE)}`);
    await page.getByRole('group', { name: /^Lineage of wide table/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Show columns' }).check();
    await expect.poll(() => page.locator('table.column-edges tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-to')))).toEqual([column(WIDE, 'c0'), column(WIDE, 'c119')]);
  });
});

describe('the Impact tab', () => {
  it('lists the downstream set with degrees, narrows it by degree, platform and owner, and links its CSV export', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(RAW)}`);
    await page.getByRole('tab', { name: 'Impact' }).click();
    expect(await page.getByRole('tab', { name: 'Impact' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => impactRows(page)).toEqual({ [CLEAN]: 1, [REPORT]: 2, [CHART]: 2, [FINAL]: 3 });
    expect(await page.locator('.impact .total').getAttribute('data-total')).toBe('4');
    const link = page.getByRole('link', { name: 'Download CSV' });
    expect(await link.getAttribute('href')).toBe(exportOf({ downstreamOf: RAW }));

    // Degrees 1 and 2: the walk stops at two hops, and so does the export.
    await facetBox(page, 'degree', /^1 hop/).check();
    await expect.poll(() => impactRows(page)).toEqual({ [CLEAN]: 1 });
    await facetBox(page, 'degree', /^2 hops/).check();
    await expect.poll(() => impactRows(page)).toEqual({ [CLEAN]: 1, [REPORT]: 2, [CHART]: 2 });
    const href = await link.getAttribute('href');
    expect(href).toBe(exportOf({ downstreamOf: RAW, hops: '2' }));
    // Fetched as the page's own session (the cookie): the datasets of those hops, each with its degree.
    const csv = await page.evaluate(async (h) => (await fetch(h!)).text(), href);
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header.split(',').slice(0, 3)).toEqual(['urn', 'name', 'degree']);
    const rows = lines.map((line) => /^"([^"]+)",([^,]*),([^,]*)/.exec(line)?.slice(1));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([[CLEAN, 'clean orders', '1'], [REPORT, 'orders report', '2']]));

    // A platform facet narrows the set further; the export follows it.
    await facetBox(page, 'platform', /snowflake/i).check();
    await expect.poll(() => impactRows(page)).toEqual({ [REPORT]: 2 });
    expect(new URL(`http://x${await link.getAttribute('href')}`).searchParams.get('orFilters')).toBe(
      JSON.stringify([{ and: [{ field: 'platform', condition: 'EQUAL', values: ['urn:li:dataPlatform:snowflake'] }] }]),
    );
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => impactRows(page)).toEqual({ [CLEAN]: 1, [REPORT]: 2, [CHART]: 2, [FINAL]: 3 });
    // Owners are a facet of the impacted set too.
    await facetBox(page, 'owners', /ann/).check();
    await expect.poll(() => impactRows(page)).toEqual({ [FINAL]: 3 });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => impactRows(page)).toEqual({ [CLEAN]: 1, [REPORT]: 2, [CHART]: 2, [FINAL]: 3 });

    // The query language of search: a word of a name.
    await page.getByLabel('Search downstream').fill('final');
    await page.getByRole('search', { name: 'Search the impacted entities' }).getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => impactRows(page)).toEqual({ [FINAL]: 3 });
    await page.locator('.impact-table').getByRole('link', { name: 'orders final' }).click();
    await page.getByRole('heading', { name: 'orders final', level: 1 }).waitFor();
  });
});
