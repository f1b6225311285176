/** The relationship read of the API document: the original's `/openapi/relationships/v1/` for the relationships Tessera keeps (lineage, container and flow membership). */
import { errorResponses } from './responses.js';

const query = (name: string, description: string, schema: object = { type: 'string' }, required = false) => ({ name, in: 'query', required, description, schema });

export function relationshipPaths(): Record<string, object> {
  return {
    '/openapi/relationships/v1': {
      get: {
        tags: ['Lineage'],
        operationId: 'relatedEntities',
        summary: "The entities related to one by lineage, as the original's client reads them (get_related_entities)",
        parameters: [
          query('urn', 'The entity', { type: 'string' }, true),
          query('direction', 'OUTGOING: what its own aspects name; INCOMING: the entities naming it', { type: 'string', enum: ['INCOMING', 'OUTGOING'] }, true),
          query('relationshipTypes', 'DownstreamOf, Consumes, Produces, Contains or IsPartOf; repeated or comma-separated', { type: 'string' }, true),
          query('start', 'Offset (default 0)', { type: 'integer' }),
          query('count', 'Entities per page (default 100)', { type: 'integer' }),
        ],
        responses: {
          '200': { description: '{start, count, total, entities: [{relationshipType, urn}]}', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses('VALIDATION', 'FORBIDDEN'),
        },
      },
    },
  };
}
