/** Finds the route template a request was served by (`/openapi/v3/entity/:entity/:urn`, never the URN itself), even when an error left the router. */
import type { Request, Response } from 'express';

/** What a request was not routed to: refused before routing (401) or no route matched (404). */
export const UNROUTED = '(unrouted)';

/**
 * Express sets `req.route` when a route matches and restores `req.baseUrl` on leaving each router, so by the time an
 * error reaches the app's handler the mount path is gone. Watching both assignments keeps the template of the match.
 */
export function trackRouteTemplate(req: Request, res: Response): () => string {
  let base = req.baseUrl;
  let route: { path?: unknown } | undefined;
  let template: string | undefined;
  let baseAtAnswer = '';
  Object.defineProperty(req, 'baseUrl', { configurable: true, enumerable: true, get: () => base, set: (v: string) => void (base = v) });
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (v: { path?: unknown } | undefined) => {
      route = v;
      const path = Array.isArray(v?.path) ? v.path[0] : v?.path;
      if (typeof path === 'string') template = base + path;
    },
  });
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    baseAtAnswer = base;
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  // A handler mounted with `use` (GraphQL) has no route: the mount it answered from is its template.
  return () => template ?? (baseAtAnswer || UNROUTED);
}
