/** A real Tessera app plus Debian's chromium driven by playwright-core; a failing test leaves a screenshot in test-artifacts/. */
import { existsSync, mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp } from '../integration/harness.js';
import { UI_DIR } from '../../src/http/ui-routes.js';
import { launchChromium } from './chromium.js';

export interface BrowserFixture {
  app: TestApp;
  browser: Browser;
  page: Page;
}

/** Starts the app and the browser for one test file; every test gets a fresh page (fresh sessionStorage). */
export function useBrowserApp(name: string, seed?: (app: TestApp) => Promise<void>): BrowserFixture {
  const fx = {} as BrowserFixture;
  beforeAll(async () => {
    if (!existsSync(`${UI_DIR}index.html`)) throw new Error('dist/ui is missing: run `npm run build` first');
    fx.app = await startTestApp(name);
    fx.browser = await launchChromium();
    if (seed) await seed(fx.app);
  });
  beforeEach(async (ctx) => {
    await fx.page?.context().close();
    const context = await fx.browser.newContext({ viewport: { width: 1280, height: 900 } });
    fx.page = await context.newPage();
    fx.page.setDefaultTimeout(15_000);
    ctx.onTestFailed(async () => {
      mkdirSync('test-artifacts', { recursive: true });
      const file = `test-artifacts/${name}-${ctx.task.name.replace(/[^a-zA-Z0-9]+/g, '-')}.png`;
      await fx.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    });
  });
  afterAll(async () => {
    await fx.browser?.close();
    await fx.app?.close();
  });
  return fx;
}

/** Opens the sign-in link the service prints (`/ui/#token=…`), landing on `path` afterwards. */
export async function signInByLink(fx: BrowserFixture, path = '/ui/search'): Promise<void> {
  await fx.page.goto(`${fx.app.url}${path}#token=${fx.app.token}`);
}

/** Waits until the search page's results and facet counts both answer the query now in the address bar. */
export async function searchSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const key = new URLSearchParams(location.search).toString();
        const answers = (selector: string) => document.querySelector(selector)?.getAttribute('data-answers');
        return answers('.search-results') === key && answers('aside.facets') === key;
      }),
    )
    .toBe(true);
}
