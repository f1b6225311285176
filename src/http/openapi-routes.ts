/** Serves the generated OpenAPI documents (`/openapi/v3|v2/api-docs`) and the Swagger UI explorer bundled from swagger-ui-dist. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { sendText } from '../wire/send-text.js';
import { openApiDocument } from './openapi/document.js';
import { documentGroup, documentGroups } from './openapi/document-groups.js';
import { notFound } from '../errors.js';
import { swaggerInitializer, swaggerPage, SWAGGER_ASSETS } from './openapi/swagger-page.js';
import type { Route } from '../wire/route.js';

const swaggerDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSET_TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.png': 'image/png' };

/** Generated once per process: every app serves the same documents. */
const docs: Partial<Record<'v2' | 'v3', string>> = {};
const docText = (v: 'v2' | 'v3') => (docs[v] ??= JSON.stringify(openApiDocument(v)));
const groups = new Map<string, string>();
function groupText(v: 'v2' | 'v3', group: string): string {
  const key = `${v}/${group.toLowerCase()}`;
  const cached = groups.get(key);
  if (cached) return cached;
  const doc = documentGroup(JSON.parse(docText(v)), v, group);
  if (!doc) throw notFound(`No API document part ${group}: the parts are ${documentGroups().join(', ')}`);
  return groups.set(key, JSON.stringify(doc)).get(key)!;
}

export function openApiRoutes(): Route[] {
  const assets = new Map<string, Buffer>();
  const routes: Route[] = (['v3', 'v2'] as const).map((v) => ({
    method: 'GET' as const,
    path: `/openapi/${v}/api-docs`,
    public: true,
    handle: ({ res }) => sendText(res, 200, 'application/json', docText(v)),
  }));
  for (const v of ['v3', 'v2'] as const) {
    routes.push({ method: 'GET', path: `/openapi/${v}/api-docs/:group`, public: true, handle: ({ res, params }) => sendText(res, 200, 'application/json', groupText(v, params.group)) });
  }
  routes.push(
    { method: 'GET', path: ['/openapi/swagger-ui', '/openapi/swagger-ui/index.html'], public: true, handle: ({ res, base }) => sendText(res, 200, 'text/html', swaggerPage(`${base}/openapi/swagger-ui`)) },
    { method: 'GET', path: '/openapi/swagger-ui/swagger-initializer.js', public: true, handle: ({ res, base }) => sendText(res, 200, 'text/javascript', swaggerInitializer(base)) },
    ...SWAGGER_ASSETS.map(
      (asset): Route => ({
        method: 'GET',
        path: `/openapi/swagger-ui/${asset}`,
        public: true,
        // The package's files never change while the process runs: read once, kept in memory, cached a day by browsers.
        handle: ({ res }) => {
          const bytes = assets.get(asset) ?? assets.set(asset, readFileSync(join(swaggerDist, asset))).get(asset)!;
          sendText(res, 200, ASSET_TYPES[extname(asset)] ?? 'application/octet-stream', bytes, { 'Cache-Control': 'public, max-age=86400' });
        },
      }),
    ),
  );
  return routes;
}
