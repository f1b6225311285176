/** The stewardship paths of the API document: a search exported as CSV. */
import { pathParameter } from './parameters.js';
import { errorResponses } from './responses.js';

const query = (name: string, description: string, type = 'string') => ({ name, in: 'query', required: false, description, schema: { type } });

export function csvPaths(): Record<string, object> {
  return {
    '/openapi/v3/import/{entity}': {
      post: {
        tags: ['Stewardship'],
        operationId: 'importCsv',
        summary: 'Sets structured property values and tags from a CSV (the export\'s columns); dryRun previews, per row, what would change or why it is refused',
        parameters: [pathParameter('entity', 'The entity type (dataset, schemaField, dataFlow, dataJob)'), query('dryRun', 'Preview only (also in the body)', 'boolean'), query('waitForSearch', 'Answer once what was applied is visible to searches and exports', 'boolean')],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['csv'], properties: { csv: { type: 'string' }, dryRun: { type: 'boolean' } } } } } },
        responses: {
          '200': { description: '{dryRun, rows, unchanged, changed, refused, outcomes: [{line, urn, status: changes|applied|refused, changes?: [{field, operation, before?, after?}], reason?}]}', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses('VALIDATION', 'FORBIDDEN'),
        },
      },
    },
    '/openapi/v3/export/{entity}': {
      get: {
        tags: ['Stewardship'],
        operationId: 'exportCsv',
        summary: 'A search as CSV, streamed in URN order: urn, name, one column per chosen structured property, tags',
        parameters: [
          pathParameter('entity', 'The entity type (dataset, schemaField, dataFlow, dataJob)'),
          query('query', 'A query string, as for search (default *)'),
          query('orFilters', 'Filters as JSON, as GraphQL orFilters: [{"and": [{"field", "condition", "values", "negated"}]}]'),
          query('property', 'Structured properties to export (qualified names or urns), repeated or comma-separated, one column each in this order'),
          query('tags', 'Whether to add the tags column (default true)', 'boolean'),
          query('includeSoftDelete', 'Include soft-deleted entities (default false)', 'boolean'),
          query('downstreamOf', 'Only the entities downstream of this urn (an impacted set), with a degree column after name'),
          query('upstreamOf', 'Only the entities upstream of this urn, with a degree column after name'),
          query('hops', 'With downstreamOf or upstreamOf: at most this many hops, 1-10 (default: all the walk reaches)', 'integer'),
        ],
        responses: {
          '200': { description: 'CSV (RFC 4180, UTF-8, CRLF); several values in a cell separated by "; "', content: { 'text/csv': { schema: { type: 'string' } } } },
          ...errorResponses('VALIDATION', 'FORBIDDEN'),
        },
      },
    },
  };
}
