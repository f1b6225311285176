/** GraphiQL in a real browser with every other host blocked: the page, its scripts, styles and editor workers all come from this service. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../integration/harness.js';
import { launchChromium } from './chromium.js';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp('graphiql-offline');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('GraphiQL at /api/graphql', () => {
  for (const path of ['/api/graphql', '/gms/api/v2/graphql']) {
    it(`renders its editor at ${path} with the outside network blocked, under a content policy of this origin only`, async () => {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      page.setDefaultTimeout(30_000);
      const outside: string[] = [];
      const failed: string[] = [];
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.protocol === 'blob:' || url.protocol === 'data:' || url.host === new URL(app.url).host) return route.continue();
        outside.push(url.href);
        return route.abort();
      });
      page.on('requestfailed', (r) => failed.push(r.url()));
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      const answer = await page.goto(`${app.url}${path}`);
      expect(answer?.status()).toBe(200);
      expect(answer?.headers()['content-security-policy']).toContain("default-src 'self'");
      // The query editor is a Monaco editor inside GraphiQL's session; "Loading" would mean a script never arrived.
      await page.locator('.graphiql-container').first().waitFor();
      await page.locator('.graphiql-query-editor .monaco-editor, .graphiql-query-editor .CodeMirror, .graphiql-editor').first().waitFor();
      expect(outside).toEqual([]);
      expect(failed.filter((u) => u.startsWith(app.url))).toEqual([]);
      expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
      await page.screenshot({ path: `/tmp/graphiql${path.replace(/\//g, '_')}.png` });
      await page.context().close();
    });
  }
});
