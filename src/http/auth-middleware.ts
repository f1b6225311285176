/** Authenticates every non-public request before any body is parsed; the actor goes to res.locals.actor. */
import type { RequestHandler } from 'express';
import { CatalogError } from '../errors.js';
import type { Auth } from '../auth/tokens.js';
import { sendError } from '../wire/send-error.js';
import { SWAGGER_ASSETS } from './openapi/swagger-page.js';

/** Reachable without a token (GET/HEAD only), with or without the `/gms` prefix. */
export const PUBLIC_PATHS = new Set([
  '/health',
  '/ready',
  '/config',
  '/openapi/v3/api-docs',
  '/openapi/v2/api-docs',
  '/openapi/swagger-ui',
  '/openapi/swagger-ui/index.html',
  '/openapi/swagger-ui/swagger-initializer.js',
  ...SWAGGER_ASSETS.map((a) => `/openapi/swagger-ui/${a}`),
]);

/** Liveness, readiness, the client config probe, the API document and its page, and the GraphiQL page. */
export function isPublic(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  // Express routes case-insensitively and ignores one trailing slash; match the same way so no public page needs a token.
  const p = (path.toLowerCase().replace(/^\/gms(?=\/|$)/, '').replace(/(.)\/$/, '$1')) || '/';
  if (PUBLIC_PATHS.has(p)) return true;
  // The web page's own files are public; its data calls carry the bearer token like any client's.
  if (p === '/ui' || p.startsWith('/ui/')) return true;
  // GraphiQL is an HTML page (yoga renders it for GET + text/html and executes nothing); operations always need a token.
  return /^\/api(\/v2)?\/graphql$/.test(p) && !!accept?.includes('text/html');
}

export function authMiddleware(auth: Auth): RequestHandler {
  return async (req, res, next) => {
    if (isPublic(req.method, req.path, req.headers.accept)) {
      res.locals.actor = undefined;
      return next();
    }
    try {
      res.locals.actor = await auth.authenticate(req.headers.authorization);
      next();
    } catch (e) {
      if (e instanceof CatalogError) {
        // A plain HTTP 401 on every route, GraphQL included: no handler has run and no body has been read.
        return sendError(res, e);
      }
      next(e);
    }
  };
}
