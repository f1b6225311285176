/** GET /ui: the built page served without a token, SPA fallback for page paths, hashed assets, and the first-load budget. */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UI_DIR } from '../../src/http/ui-routes.js';
import { startTestApp, type TestApp } from '../integration/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp('uiroutes');
});
afterAll(() => app?.close());

/** Scripts and styles index.html loads before anything else (entry, module preloads, stylesheets). */
function firstLoadFiles(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/ui\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

describe('GET /ui', () => {
  it('serves the page without a token, with a strict content policy', async () => {
    for (const path of ['/ui', '/ui/', '/ui/search?query=x&type=dataset', `/ui/dataset/${encodeURIComponent('urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)')}`, '/ui/properties', '/ui/tags', '/ui/import']) {
      const r = await app.request('GET', path, undefined, { token: null, headers: { accept: 'text/html' } });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(r.text, path).toContain('<div id="app"></div>');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('serves hashed assets for good and answers a missing one with a JSON 404', async () => {
    const html = (await app.request('GET', '/ui/', undefined, { token: null })).text;
    const [first] = firstLoadFiles(html);
    const asset = await app.request('GET', `/ui/${first}`, undefined, { token: null });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await app.request('GET', '/ui/assets/missing-0000.js', undefined, { token: null });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', message: 'No web page asset /ui/assets/missing-0000.js' });
  });

  it('never serves a file from outside the built page', async () => {
    for (const path of ['/ui/..%2f..%2fpackage.json', '/ui/assets/..%2f..%2f..%2fpackage.json', '/ui/%2e%2e%2f%2e%2e%2fsrc%2fmain.ts']) {
      const r = await app.request('GET', path, undefined, { token: null });
      expect([200, 404], path).toContain(r.status);
      expect(r.text, path).not.toContain('"name": "tessera"');
      expect(r.text, path).not.toContain('import ');
    }
  });

  it('is public for reading only: other methods still need a token', async () => {
    const r = await app.request('POST', '/ui/search', {}, { token: null });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('Unauthorized');
  });

  it('loads at most 300 KB of gzipped JavaScript on first load, all from this service', () => {
    const html = readFileSync(`${UI_DIR}index.html`, 'utf8');
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const scripts = firstLoadFiles(html).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.reduce((n, f) => n + gzipSync(readFileSync(`${UI_DIR}${f}`)).length, 0);
    expect(gzipped).toBeLessThanOrEqual(300 * 1024);
  });
});
