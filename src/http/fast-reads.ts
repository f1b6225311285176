/**
 * Recognises the hot REST reads — one aspect, one entity, a list or query page, under `/openapi/v2|v3/entity` with or
 * without `/gms` — so the front (front.ts) can answer them without the Express app, through the same operations
 * (entity-reads.ts) the routers use. Anything this matcher is unsure of (HEAD, a body on a GET, a path segment that
 * does not decode, a trailing slash or other casing) is left to the routers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import type { Services } from '../services.js';
import { hasBody } from './body-reader.js';
import { entityReads, type EntityReads, type ReadRequest } from './entity-reads.js';
import { v2Dialect } from './v2/dialect.js';
import { v3Dialect } from './v3/dialect.js';

const READ_PATH = /^(\/gms)?\/openapi\/(v2|v3)\/entity\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/;
const ROUTES = ['/:entity', '/:entity/:urn', '/:entity/:urn/:aspect'] as const;

export interface HotRequest {
  /** The route template the request stands for (what the access log and metrics name). */
  route: string;
  run(): Promise<unknown>;
}

function decoded(parts: (string | undefined)[]): string[] | undefined {
  try {
    return parts.filter((p): p is string => p !== undefined).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

export function readMatcher(services: Services): (req: IncomingMessage, res: ServerResponse) => HotRequest | undefined {
  const byVersion: Record<string, EntityReads> = { v2: entityReads(services, v2Dialect), v3: entityReads(services, v3Dialect) };
  return (req, res) => {
    if (req.method !== 'GET' || hasBody(req)) return undefined;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const m = READ_PATH.exec(q < 0 ? url : url.slice(0, q));
    const values = m && decoded([m[3], m[4], m[5]]);
    if (!m || !values) return undefined;
    const [entity, urn, aspect] = values;
    const read: ReadRequest = {
      params: { entity, ...(urn !== undefined && { urn }), ...(aspect !== undefined && { aspect }) },
      // Parsed as Express's `extended` query parser parses (qs, prototype names allowed as plain keys).
      query: q < 0 ? {} : qs.parse(url.slice(q + 1), { allowPrototypes: true }),
      headers: req.headers,
      setHeader: (name, value) => void res.setHeader(name, value),
    };
    const reads = byVersion[m[2]];
    return {
      route: `${m[1] ?? ''}/openapi/${m[2]}/entity${ROUTES[values.length - 1]}`,
      run: () => (aspect !== undefined ? reads.aspect(read) : urn !== undefined ? reads.entity(read) : reads.list(read)),
    };
  };
}
