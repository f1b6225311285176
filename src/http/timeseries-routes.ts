/**
 * `GET /openapi/v2/timeseries/{entityName}/{aspectName}`: every entity's points of one time-series aspect, newest
 * first, a page at a time (the original's OpenAPI timeseries route), over the one read operation; and retention on
 * demand, `POST /openapi/v3/timeseries/retention/run`.
 */
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import { decodeScrollId, encodeScrollId } from '../catalog/scroll-id.js';
import { readPoints } from '../catalog/timeseries/read-points.js';
import { runTimeseriesRetention } from '../catalog/timeseries/retention.js';
import { validationError } from '../errors.js';
import { sendJson } from '../wire/json.js';
import { boolParam, intParam, stringParam } from '../wire/params.js';
import type { Route } from '../wire/route.js';

function millisParam(c: Parameters<Route['handle']>[0], name: string): number | undefined {
  const raw = stringParam(c, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw validationError(`Query parameter ${name} must be epoch milliseconds, got ${raw.slice(0, 40)}`);
  return Number(raw);
}

export function timeseriesRoutes(services: CatalogDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/openapi/v3/timeseries/retention/run',
      handle: async (c) => sendJson(c.res, 200, await runTimeseriesRetention(services, c.actor)),
    },
    {
      method: 'GET',
      path: '/openapi/v2/timeseries/:entity/:aspect',
      handle: async (c) => {
        const count = intParam(c, 'count', 10, 1);
        const scrollId = stringParam(c, 'scrollId');
        const withSystemMetadata = boolParam(c, 'systemMetadata', false);
        const page = await readPoints(services, c.actor, {
          entityType: c.params.entity,
          aspect: c.params.aspect,
          startTimeMillis: millisParam(c, 'startTimeMillis'),
          endTimeMillis: millisParam(c, 'endTimeMillis'),
          limit: count,
          after: scrollId ? decodeScrollId(scrollId).s : undefined,
        });
        sendJson(c.res, 200, {
          ...(page.next && { scrollId: encodeScrollId(page.next) }),
          results: page.points.map((p) => ({
            urn: p.urn,
            ...(p.messageId !== undefined && { messageId: p.messageId }),
            timestampMillis: p.timestampMillis,
            ...(withSystemMetadata && p.systemMetadata && { systemMetadata: p.systemMetadata }),
            event: p.event,
          })),
        });
      },
    },
  ];
}
