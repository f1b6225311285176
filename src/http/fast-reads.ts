/**
 * The hot REST reads — one aspect, one entity, a list or query page, under `/openapi/v2|v3/entity` with or without
 * `/gms` — answered as soon as authentication has run, without walking the router stack or Express's response
 * helpers: the same operations (entity-reads.ts) and the same JSON, for a fraction of the per-request CPU. Anything
 * else, and any path this matcher is unsure of (encoded slashes that fail to decode, bodies on a GET, HEAD), goes on
 * to the routers unchanged.
 */
import type { RequestHandler } from 'express';
import qs from 'qs';
import type { Services } from '../services.js';
import { stringifyCatalogJson } from '../wire/json.js';
import { entityReads, type EntityReads, type ReadRequest } from './entity-reads.js';
import { setRouteTemplate } from './request-route.js';
import { v2Dialect } from './v2/dialect.js';
import { v3Dialect } from './v3/dialect.js';

const READ_PATH = /^(\/gms)?\/openapi\/(v2|v3)\/entity\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/;
const ROUTES = ['/:entity', '/:entity/:urn', '/:entity/:urn/:aspect'] as const;

function decoded(parts: (string | undefined)[]): string[] | undefined {
  try {
    return parts.filter((p): p is string => p !== undefined).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

export function fastReads(services: Services): RequestHandler {
  const byVersion: Record<string, EntityReads> = { v2: entityReads(services, v2Dialect), v3: entityReads(services, v3Dialect) };
  return (req, res, next) => {
    if (req.method !== 'GET' || req.body !== undefined) return next();
    const url = req.url;
    const q = url.indexOf('?');
    const m = READ_PATH.exec(q < 0 ? url : url.slice(0, q));
    const values = m && decoded([m[3], m[4], m[5]]);
    if (!m || !values) return next();
    const [entity, urn, aspect] = values;
    const read: ReadRequest = {
      params: { entity, ...(urn !== undefined && { urn }), ...(aspect !== undefined && { aspect }) },
      // Parsed as Express's `extended` query parser parses (qs, prototypes allowed as plain keys).
      query: q < 0 ? {} : qs.parse(url.slice(q + 1), { allowPrototypes: true }),
      headers: req.headers,
      setHeader: (name, value) => void res.setHeader(name, value),
    };
    setRouteTemplate(res, `${m[1] ?? ''}/openapi/${m[2]}/entity${ROUTES[values.length - 1]}`);
    const reads = byVersion[m[2]];
    const answer = aspect !== undefined ? reads.aspect(read) : urn !== undefined ? reads.entity(read) : reads.list(read);
    answer.then((body) => {
      const text = stringifyCatalogJson(body);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    }, next);
  };
}
