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
        const urn = stringParam(c, 'urn');
        if (!urn) throw validationError('Query parameter urn is required');
        const direction = enumParam(c, 'direction', ['INCOMING', 'OUTGOING'] as const);
        if (!direction) throw validationError('Query parameter direction is required: INCOMING or OUTGOING');
        const types = listParam(c, 'relationshipTypes').flatMap((t) => t.split(',')).filter(Boolean);
        sendJson(c.res, 200, await relatedEntities(services, { urn, direction, types, start: intParam(c, 'start', 0), count: intParam(c, 'count', 100, 1) }));
      },
    },
  ];
}
