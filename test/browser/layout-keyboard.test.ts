/** The page without a mouse (labels, focus order, keys) and at phone width (no sideways scrolling). */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInByLink, useBrowserApp } from './browser-harness.js';
import { datasetUrn, seedCatalog } from './seed.js';

const fx = useBrowserApp('uilayout', seedCatalog);

/** Presses Tab until the element has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('element never received focus');
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('web page keyboard and layout', () => {
  it('searches, filters and opens a dataset with the keyboard only', async () => {
    const { page } = fx;
    await signInByLink(fx);
    await page.locator('.result').first().waitFor();
    await tabTo(page, page.getByLabel('Search', { exact: true }));
    await page.keyboard.type('orders');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.result').count()).toBe(1);
    const pii = page.getByRole('checkbox', { name: /^PII/ });
    await tabTo(page, pii);
    await page.keyboard.press('Space');
    await expect.poll(() => page.url()).toContain('filter=');
    const link = page.getByRole('link', { name: 'sales.orders' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'sales.orders', level: 1 }).waitFor();
    // The new page has the focus and names itself in the title.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.title()).toBe('sales.orders · Tessera');
    const tagInput = page.getByLabel('Add a tag to column amount');
    await tabTo(page, tagInput, 80);
    await page.keyboard.type('Gold');
    // Enter may first pick the suggestion the tag list offers; the Add button is the next stop either way.
    await tabTo(page, page.getByRole('button', { name: 'Add tag to column amount' }), 3);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('li.column[data-column="amount"] .chip.tag').allTextContents()).toEqual(['Gold×']);
  });

  it('every form control has a label', async () => {
    const { page, app } = fx;
    for (const path of ['/ui/search', `/ui/dataset/${encodeURIComponent(datasetUrn('hive', 'sales.orders'))}`, '/ui/properties', '/ui/tags', '/ui/tokens', '/ui/import']) {
      await signInByLink(fx, path);
      await page.locator('main h1, main .search-bar').first().waitFor();
      await page.waitForLoadState('networkidle');
      const unlabelled = await page.locator('input, select, textarea').evaluateAll((els) =>
        els.filter((e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label')).map((e) => e.outerHTML),
      );
      expect(unlabelled, `${app.url}${path}`).toEqual([]);
    }
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page } = fx;
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ['/ui/search', `/ui/dataset/${encodeURIComponent(datasetUrn('hive', 'sales.orders'))}`, '/ui/tags', '/ui/import']) {
      await signInByLink(fx, path);
      await page.locator('.result, li.column, .tag-list li, .import-form').first().waitFor();
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    // The tokens table scrolls inside its own box, never the page.
    await fx.app.request('POST', '/openapi/v3/tokens', { actorUrn: 'urn:li:corpuser:tester', name: 'phone check', duration: 'ONE_DAY' });
    await signInByLink(fx, '/ui/tokens');
    await page.locator('.token-list tbody tr').first().waitFor();
    expect(await overflow(page), '/ui/tokens').toBeLessThanOrEqual(0);
  });
});
