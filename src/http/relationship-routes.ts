/** The original's relationship read, `GET /openapi/relationships/v1/` (the client's `get_related_entities`): one call of relatedEntities. */
import { relatedEntities } from '../catalog/lineage/related-entities.js';
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import { validationError } from '../errors.js';
import { sendJson } from '../wire/json.js';
import { enumParam, intParam, listParam, stringParam } from '../wire/params.js';
import type { Route } from '../wire/route.js';

export function relationshipRoutes(services: CatalogDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/openapi/relationships/v1',
      handle: async (c) => {
        // Every parameter read before any is required: a bad value is named whatever else is missing.
        const direction = enumParam(c, 'direction', ['INCOMING', 'OUTGOING'] as const);
        const [start, count] = [intParam(c, 'start', 0), intParam(c, 'count', 100, 1)];
        const types = listParam(c, 'relationshipTypes').flatMap((t) => t.split(',')).filter(Boolean);
        const urn = stringParam(c, 'urn');
        if (!urn) throw validationError('Query parameter urn is required');
        if (!direction) throw validationError('Query parameter direction is required: INCOMING or OUTGOING');
        sendJson(c.res, 200, await relatedEntities(services, { urn, direction, types, start, count }));
      },
    },
  ];
}
