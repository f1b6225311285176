/** Serves the built web page (dist/ui) under /ui: hashed assets cached for good, every other page path answered by index.html. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { notFound } from '../errors.js';
import { sendText } from '../wire/send-text.js';
import type { Call, Route } from '../wire/route.js';

// From src/http (tsx) and from dist/http (built) alike, the page is built into <root>/dist/ui.
export const UI_DIR = fileURLToPath(new URL('../../dist/ui/', import.meta.url));

// The page loads only its own files and talks only to this service; tag colours use inline style attributes.
const CSP = "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function uiRoutes(dir: string = UI_DIR): Route[] {
  // serve-static (through Express's export) on the plain Node request: it reads the path below /ui from req.url.
  const files = express.static(dir, {
    index: false,
    redirect: false,
    // Asset names carry a content hash, so they never change; index.html must always be revalidated.
    setHeaders: (res, path) => res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
  }) as unknown as (req: Call['req'], res: Call['res'], next: (err?: unknown) => void) => void;
  const handle = (call: Call) =>
    new Promise<void>((resolve, reject) => {
      const { req, res, rest } = call;
      res.setHeader('Content-Security-Policy', CSP);
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      const url = req.url ?? '';
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      req.url = `${rest}${query}`;
      res.once('finish', () => resolve());
      res.once('close', () => resolve());
      files(req, res, (err) => {
        req.url = url;
        if (err) return reject(err);
        // Client-side routes (/ui/search, /ui/dataset/<urn>, …) all load the page, which then reads its own URL.
        if (rest.startsWith('/assets/')) return reject(notFound(`No web page asset /ui${rest}`));
        const index = `${dir}index.html`;
        if (!existsSync(index)) return reject(notFound('The web page is not built: run `npm run build`'));
        sendText(res, 200, 'text/html; charset=utf-8', readFileSync(index), { 'Cache-Control': 'no-cache' });
      });
    });
  return [{ method: 'GET', path: '/ui', prefix: true, rootOnly: true, public: true, handle }];
}
