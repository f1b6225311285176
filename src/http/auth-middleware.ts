/** Authenticates every non-public request before any body is parsed; the actor goes to res.locals.actor. */
import type { RequestHandler } from 'express';
import { CatalogError, errorTitleOf, httpStatusOf } from '../errors.js';
import type { Auth } from './auth.js';
import { sendJson } from './json.js';

/** Reachable without a token: liveness, readiness, the client config probe, API documents and the GraphiQL page. */
export function isPublic(method: string, path: string, accept: string | undefined): boolean {
  const p = path.replace(/^\/gms(?=\/|$)/, '') || '/';
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (['/health', '/ready', '/config', '/openapi/v3/api-docs', '/openapi/api-docs', '/openapi/swagger-ui', '/openapi/swagger-ui/index.html'].includes(p)) return true;
  // GraphiQL is an HTML page; GraphQL operations themselves always need a token.
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
        res.setHeader('WWW-Authenticate', 'Bearer');
        return sendJson(res, httpStatusOf[e.code], { error: errorTitleOf[e.code], message: e.message });
      }
      next(e);
    }
  };
}
