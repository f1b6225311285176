/** Serves the generated OpenAPI documents (`/openapi/v3|v2/api-docs`) and the Swagger UI explorer bundled from swagger-ui-dist. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import type { Services } from '../services.js';
import { openApiDocument } from './openapi/document.js';
import { swaggerInitializer, swaggerPage, SWAGGER_ASSETS } from './openapi/swagger-page.js';

const swaggerDist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Generated once per process: every app serves the same documents. */
const docs: Partial<Record<'v2' | 'v3', string>> = {};
const docText = (v: 'v2' | 'v3') => (docs[v] ??= JSON.stringify(openApiDocument(v)));

export function createOpenApiRouter(_services: Services): Router {
  const r = Router();
  for (const v of ['v3', 'v2'] as const) {
    r.get(`/openapi/${v}/api-docs`, (_req, res) => void res.status(200).type('application/json').send(docText(v)));
  }
  r.get(['/openapi/swagger-ui', '/openapi/swagger-ui/index.html'], (req, res) => {
    res.status(200).type('text/html').send(swaggerPage(`${req.baseUrl}/openapi/swagger-ui`));
  });
  r.get('/openapi/swagger-ui/swagger-initializer.js', (req, res) => {
    res.status(200).type('text/javascript').send(swaggerInitializer(req.baseUrl));
  });
  for (const asset of SWAGGER_ASSETS) {
    r.get(`/openapi/swagger-ui/${asset}`, (_req, res) => {
      res.sendFile(join(swaggerDist, asset), { maxAge: '1d' });
    });
  }
  return r;
}
