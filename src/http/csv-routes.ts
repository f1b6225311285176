/**
 * REST export of a search as CSV (`GET /openapi/v3/export/{entity}`), streamed page by page with the socket's
 * backpressure: a slow reader holds the next engine call back, and a client that goes away stops the export; and the
 * import of such a CSV (`POST /openapi/v3/import/{entity}`, the text in a JSON body), previewed or applied.
 */
import { once } from 'node:events';
import { z } from 'zod';
import { exportCsv } from '../catalog/csv/export-csv.js';
import { importCsv } from '../catalog/csv/import-csv.js';
import { sendJson } from '../wire/json.js';
import { validationError } from '../errors.js';
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import { csvLine } from '../catalog/csv/csv-text.js';
import { boolParam, intParam, listParam, stringParam, waitForSearch, type ParamSource } from '../wire/params.js';
import type { Route } from '../wire/route.js';
import { bodyOf } from './json-body.js';

const OrFilters = z.array(z.object({ and: z.array(z.object({ field: z.string(), condition: z.string().optional(), values: z.array(z.string()).optional(), negated: z.boolean().optional() }).strict()) }).strict()).max(20);

function orFiltersParam(c: ParamSource) {
  const text = stringParam(c, 'orFilters');
  if (text === undefined || text === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw validationError('Query parameter orFilters must be JSON: [{"and": [{"field": …, "condition": …, "values": […]}]}]');
  }
  const parsed = OrFilters.safeParse(json);
  if (!parsed.success) throw validationError(`Query parameter orFilters: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** `downstreamOf=<urn>` or `upstreamOf=<urn>` (with `hops`, 1–10): an export of the impacted set. */
function lineageParam(c: ParamSource) {
  const down = stringParam(c, 'downstreamOf');
  const up = stringParam(c, 'upstreamOf');
  if (down && up) throw validationError('Give downstreamOf or upstreamOf, not both');
  if (!down && !up) return undefined;
  const hops = stringParam(c, 'hops') === undefined ? undefined : intParam(c, 'hops', 10, 1);
  if (hops !== undefined && hops > 10) throw validationError(`Query parameter hops must be at most 10, got ${hops}`);
  return { urn: (down ?? up)!, direction: down ? ('DOWNSTREAM' as const) : ('UPSTREAM' as const), hops };
}

const ImportBody = z.object({ csv: z.string(), dryRun: z.boolean().optional() }).strict();

export function csvRoutes(deps: CatalogDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/openapi/v3/import/:entity',
      handle: async (c) => {
        const body = bodyOf(ImportBody, c.body, '{"csv": "<the CSV text>", "dryRun": true|false}');
        // `?dryRun=true` previews too, so a link or a script can say it without touching the body.
        const dryRun = body.dryRun ?? boolParam(c, 'dryRun', false);
        sendJson(c.res, 200, await importCsv(deps, c.actor, { entityType: c.params.entity, csv: body.csv, dryRun, waitForSearch: waitForSearch(c) }));
      },
    },
    {
      method: 'GET',
      path: '/openapi/v3/export/:entity',
      handle: async (c) => {
        const csv = await exportCsv(deps, {
          entityType: c.params.entity,
          query: stringParam(c, 'query'),
          orFilters: orFiltersParam(c),
          properties: listParam(c, 'property', 'properties'),
          includeTags: boolParam(c, 'tags', true),
          includeSoftDeleted: boolParam(c, 'includeSoftDelete', false),
          lineage: lineageParam(c),
        });
        const res = c.res;
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${c.params.entity}.csv"`, 'cache-control': 'no-store' });
        let gone = false;
        res.once('close', () => (gone = true));
        res.write(csvLine(csv.header));
        try {
          for await (const page of csv.rows) {
            if (gone) return;
            if (!res.write(page.map(csvLine).join(''))) await Promise.race([once(res, 'drain'), once(res, 'close')]);
          }
          res.end();
        } catch (e) {
          // Headers are gone: a failure half-way cuts the body short rather than ending it as if complete.
          deps.log.warn({ err: e }, 'CSV export stopped part way');
          res.destroy(e as Error);
        }
      },
    },
  ];
}
