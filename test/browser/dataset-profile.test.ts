/**
 * The dataset page's Profile section in a browser, against profiles written through the wire as a profiling run
 * writes them: the latest profile's row and column counts and nulls per column, and the row count drawn as a line over
 * the profiles read; a dataset without profiles shows no Profile section.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../integration/harness.js';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, schemaMetadataOf } from './seed.js';

const PROFILED = datasetUrn('hive', 'prof.orders');
const PLAIN = datasetUrn('hive', 'prof.plain');
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 1, 1);

const proposal = (urn: string, aspect: string, value: unknown) => ({
  entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});
const profile = (day: number, rowCount: number) => ({
  timestampMillis: T0 + day * DAY,
  rowCount,
  columnCount: 3,
  fieldProfiles: [{ fieldPath: 'order_id', nullCount: 0, nullProportion: 0 }, { fieldPath: 'email', nullCount: day, nullProportion: day / rowCount }, { fieldPath: 'amount', nullCount: 2 * day, nullProportion: (2 * day) / rowCount }],
});
const ROWS = [400, 420, 415, 480, 512];

async function seed(app: TestApp): Promise<void> {
  const proposals = [
    proposal(PROFILED, 'datasetProperties', { name: 'profiled orders' }),
    proposal(PROFILED, 'schemaMetadata', schemaMetadataOf('hive', 'prof.orders', ['order_id', 'email', 'amount'])),
    ...ROWS.map((rows, day) => proposal(PROFILED, 'datasetProfile', profile(day, rows))),
    proposal(PLAIN, 'datasetProperties', { name: 'plain table' }),
    proposal(PLAIN, 'schemaMetadata', schemaMetadataOf('hive', 'prof.plain', ['id'])),
  ];
  const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch&waitForSearch=true', { proposals });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
}

const fx = useBrowserApp('uiprofile', seed);

describe('the Profile section of a dataset page', () => {
  it('shows the latest profile’s counts and nulls per column, and the row count over the profiles as a line', async () => {
    const { page } = fx;
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(PROFILED)}`);
    await page.getByRole('heading', { name: 'profiled orders', level: 1 }).waitFor();
    const section = page.locator('section.profile');
    await section.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    expect(await section.locator('[data-stat="rows"]').textContent()).toBe('512 rows');
    expect(await section.locator('[data-stat="columns"]').textContent()).toBe('3 columns');

    const nulls = await section.locator('table.profile-nulls tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-column'), r.querySelectorAll('td')[1].textContent]));
    expect(nulls).toEqual([['order_id', '0'], ['email', '4'], ['amount', '8']]);

    const chart = section.getByRole('img', { name: /^Row count over the last 5 profiles/ });
    await chart.waitFor();
    const points = (await chart.locator('polyline.row-count-line').getAttribute('points'))!.split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(ROWS.length);
    // Oldest on the left, and the largest count (the newest, 512) highest up: SVG's y grows downwards.
    expect(points.map(([x]) => x)).toEqual([...points.map(([x]) => x)].sort((a, b) => a - b));
    expect(Math.min(...points.map(([, y]) => y))).toBe(points[points.length - 1][1]);
    expect(Math.max(...points.map(([, y]) => y))).toBe(points[0][1]);
  });

  it('shows no Profile section for a dataset without profiles', async () => {
    const { page } = fx;
    // Checked once the page's profile read has answered, so an absent section is not one still loading.
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/graphql') && (r.request().postData() ?? '').includes('query profiles'));
    await signInByLink(fx, `/ui/dataset/${encodeURIComponent(PLAIN)}`);
    await page.getByRole('heading', { name: 'plain table', level: 1 }).waitFor();
    expect((await (await answered).json()).data).toEqual({ dataset: { latest: [], series: [] } });
    await page.getByRole('group', { name: /^Lineage of plain table/ }).waitFor();
    expect(await page.locator('section.profile').count()).toBe(0);
  });
});
