/** The API explorer in a real browser: Swagger UI loads the generated document, Authorize takes a pasted token, and "Try it out" calls the API with it. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../integration/harness.js';
import { launchChromium } from './chromium.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp('explorer');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function openExplorer(): Promise<{ page: Page; sent: { url: string; authorization?: string }[] }> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(20_000);
  const sent: { url: string; authorization?: string }[] = [];
  page.on('request', (r) => sent.push({ url: r.url(), authorization: r.headers().authorization }));
  await page.goto(`${app.url}/openapi/swagger-ui`);
  await page.locator('.swagger-ui .info .title').waitFor();
  return { page, sent };
}

/** Expands GET /openapi/v3/jobs, presses Try it out and Execute; answers the status the page shows. */
async function tryListJobs(page: Page): Promise<string> {
  await page.locator('#operations-tag-Jobs').click();
  const op = page.locator('#operations-Jobs-listJobs');
  await op.locator('.opblock-summary').click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  await op.getByRole('button', { name: 'Execute' }).click();
  const status = op.locator('.live-responses-table .response .response-col_status').first();
  await status.waitFor();
  return (await status.textContent())!.trim();
}

describe('GET /openapi/swagger-ui in a browser', () => {
  it('renders the generated document with nothing fetched from outside this service', async () => {
    const { page, sent } = await openExplorer();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Tessera metadata catalog');
    // It opens on the small service part (GraphQL, wire, jobs, system), not the whole document.
    await page.locator('#operations-tag-Jobs').waitFor();
    expect(sent.filter((s) => s.url.includes('/api-docs')).map((s) => s.url.replace(app.url, ''))).toEqual(['/openapi/v3/api-docs/service']);
    expect(sent.filter((s) => !s.url.startsWith(`${app.url}/`))).toEqual([]);
    await page.context().close();
  });

  it('lists every part in its definition picker: one entity type per version opens on its own, whole documents last', async () => {
    const { page, sent } = await openExplorer();
    const picker = page.locator('.topbar select');
    const names = await picker.locator('option').allTextContents();
    expect(names[0]).toBe('GraphQL, emitter wire, jobs, system');
    expect(names).toContain('REST v3: dataset');
    expect(names).toContain('REST v2: schemaField');
    expect(names.slice(-2)).toEqual(['REST v3: everything (slow to open)', 'REST v2: everything (slow to open)']);
    await picker.selectOption({ label: 'REST v3: dataset' });
    await page.locator('.opblock-tag', { hasText: 'dataset (v3)' }).waitFor();
    expect(await page.locator('.opblock-tag').allTextContents()).toEqual([expect.stringContaining('dataset (v3)')]);
    expect(sent.some((s) => s.url === `${app.url}/openapi/v3/api-docs/dataset`)).toBe(true);
    await page.context().close();
  });

  it('answers 401 before Authorize, and 200 with the pasted token after', async () => {
    const { page, sent } = await openExplorer();
    expect(await tryListJobs(page)).toBe('401');
    await page.locator('.swagger-ui .auth-wrapper .authorize').click();
    await page.locator('.auth-container input').fill(app.token);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.auth-btn-wrapper button.btn-done').click();
    await page.locator('#operations-Jobs-listJobs').getByRole('button', { name: 'Execute' }).click();
    await expect.poll(async () => (await page.locator('#operations-Jobs-listJobs .live-responses-table .response .response-col_status').first().textContent())?.trim(), { timeout: 15_000 }).toBe('200');
    const calls = sent.filter((s) => s.url.startsWith(`${app.url}/openapi/v3/jobs`));
    expect(calls.at(-1)?.authorization).toBe(`Bearer ${app.token}`);
    await page.context().close();
  });
});
