/** Serves the built web page (dist/ui) under /ui: hashed assets cached for good, every other page path answered by index.html. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { notFound } from '../errors.js';

// From src/http (tsx) and from dist/http (built) alike, the page is built into <root>/dist/ui.
export const UI_DIR = fileURLToPath(new URL('../../dist/ui/', import.meta.url));

// The page loads only its own files and talks only to this service; tag colours use inline style attributes.
const CSP = "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export function createUiRouter(dir: string = UI_DIR): Router {
  const r = Router();
  r.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  r.use(
    express.static(dir, {
      index: false,
      redirect: false,
      // Asset names carry a content hash, so they never change; index.html must always be revalidated.
      setHeaders: (res, path) => res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    }),
  );
  // Client-side routes (/ui/search, /ui/dataset/<urn>, …) all load the page, which then reads its own URL.
  r.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/assets/')) throw notFound(`No web page asset ${req.originalUrl}`);
    const index = `${dir}index.html`;
    if (!existsSync(index)) throw notFound('The web page is not built: run `npm run build`');
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return r;
}
