/** The time-series read of the API document: the original's `/openapi/v2/timeseries/{entityName}/{aspectName}`. */
import { pathParameter } from './parameters.js';
import { errorResponses } from './responses.js';

const query = (name: string, description: string, schema: object = { type: 'string' }) => ({ name, in: 'query', required: false, description, schema });

export function timeseriesPaths(): Record<string, object> {
  return {
    '/openapi/v3/timeseries/retention/run': {
      post: {
        tags: ['Time series'],
        operationId: 'runTimeseriesRetention',
        summary: 'Drop the months of time-series points wholly past their retention (TIMESERIES_RETENTION_DAYS, TIMESERIES_RETENTION) now; MANAGE_POLICIES',
        responses: {
          '200': { description: '{dropped: ["<aspect>_<yyyymm>"]}', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses('FORBIDDEN'),
        },
      },
    },
    '/openapi/v2/timeseries/{entity}/{aspect}': {
      get: {
        tags: ['Time series'],
        operationId: 'timeseriesPoints',
        summary: 'Every entity\'s points of one time-series aspect (datasetProfile, operation, ...), newest first, a page at a time',
        parameters: [
          pathParameter('entity', 'Entity type', 'dataset'),
          pathParameter('aspect', 'Time-series aspect of the type', 'datasetProfile'),
          query('count', 'Points per page (default 10)', { type: 'integer' }),
          query('scrollId', 'Where the previous page ended'),
          query('startTimeMillis', 'Oldest point time (epoch ms)', { type: 'integer' }),
          query('endTimeMillis', 'Newest point time (epoch ms)', { type: 'integer' }),
          query('systemMetadata', 'Include each point\'s system metadata', { type: 'boolean' }),
        ],
        responses: {
          '200': { description: '{scrollId?, results: [{urn, messageId?, timestampMillis, systemMetadata?, event}]}', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses('VALIDATION', 'FORBIDDEN'),
        },
      },
    },
  };
}
