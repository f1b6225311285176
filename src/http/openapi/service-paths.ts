/** The paths beyond the entity routes: the emitter wire, jobs, GraphQL, metrics, health and the API document itself. */
import { IngestQuery, JobsQuery, pathParameter, queryParameters, TokensQuery } from './parameters.js';
import { errorResponses, jsonAnswer, publicErrorResponses } from './responses.js';
import { ref } from './schemas.js';

const publicOp = { security: [] };
const text = (description: string, type = 'text/plain') => ({ description, content: { [type]: { schema: { type: 'string' } } } });
const object = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });

const graphqlOps = {
  post: {
    tags: ['GraphQL'], summary: 'GraphQL operation: {query, variables?, operationName?}. Errors answer 200 with errors[].extensions.code',
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { type: 'object', required: ['query'], properties: { query: { type: 'string' }, variables: { type: 'object' }, operationName: { type: 'string' } } } } },
    },
    responses: { '200': object('{data, errors?, extensions}'), ...errorResponses('VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE') },
  },
  get: {
    tags: ['GraphQL'], summary: 'GraphiQL in a browser (Accept: text/html, public); otherwise a GraphQL query in the query string',
    parameters: [{ name: 'query', in: 'query', required: false, schema: { type: 'string' } }],
    responses: { '200': text('GraphiQL page or {data, errors?}', 'text/html'), ...errorResponses('VALIDATION') },
  },
};

export function servicePaths(): Record<string, object> {
  return {
    '/aspects': {
      post: {
        tags: ['Emitter wire'], operationId: 'ingestProposal',
        summary: 'The emitter wire: ingest one metadata change proposal (action=ingestProposal) or several, all checked before the first write (action=ingestProposalBatch); read time-series points (action=getTimeseriesAspectValues: {urn, entity, aspect, startTimeMillis?, endTimeMillis?, limit?, latestValue?, filter?, sort?} answers {value: {entityName, aspectName, limit, values: [{aspect: {value, contentType}, systemMetadata?}]}})',
        parameters: queryParameters(IngestQuery),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { oneOf: [ref('IngestProposalRequest'), ref('IngestProposalBatchRequest')] } } },
        },
        responses: {
          '200': jsonAnswer('{"value": "<urn>"} (ingestProposal) or {"value": "success"} (ingestProposalBatch)', 'IngestResult'),
          '422': { $ref: '#/components/responses/UnprocessableEntity' },
          ...errorResponses('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    '/openapi/v3/jobs': {
      get: {
        tags: ['Jobs'], operationId: 'listJobs', summary: 'Background jobs (clean-ups after hard deletes and version bumps, tag removal, reindexes), newest first',
        parameters: queryParameters(JobsQuery),
        responses: { '200': jsonAnswer('The jobs', 'JobList'), ...errorResponses('VALIDATION') },
      },
    },
    '/openapi/v3/jobs/{id}': {
      get: {
        tags: ['Jobs'], operationId: 'getJob', summary: 'One background job',
        parameters: [pathParameter('id', 'Job id')],
        responses: { '200': jsonAnswer('The job', 'Job'), ...errorResponses('NOT_FOUND') },
      },
    },
    '/openapi/v3/me': {
      get: { tags: ['Access tokens'], operationId: 'me', summary: 'The actor the request\'s token acts as', responses: { '200': object('{actor}'), ...errorResponses() } },
    },
    '/openapi/v3/tokens': {
      post: {
        tags: ['Access tokens'], operationId: 'createAccessToken', summary: 'Make a stored access token for yourself (or, with MANAGE_ACCESS_TOKENS, for any actor); the token is in the answer, once',
        requestBody: { required: true, content: { 'application/json': { schema: ref('CreateAccessTokenRequest') } } },
        responses: { '201': jsonAnswer('{accessToken, metadata}', 'AccessToken'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
      get: {
        tags: ['Access tokens'], operationId: 'listAccessTokens', summary: 'Stored access tokens, newest first: your own, or anyone\'s with MANAGE_ACCESS_TOKENS',
        parameters: queryParameters(TokensQuery),
        responses: { '200': jsonAnswer('{start, count, total, tokens}', 'AccessTokenList'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v3/tokens/{id}': {
      delete: {
        tags: ['Access tokens'], operationId: 'revokeAccessToken', summary: 'Revoke a token: every Tessera process refuses it within a second',
        parameters: [pathParameter('id', 'Token id (32 hexadecimal characters)')],
        responses: { '200': object('{revoked: true}'), ...errorResponses('VALIDATION', 'NOT_FOUND', 'FORBIDDEN') },
      },
    },
    '/openapi/v3/tokens/signed/revoke': {
      post: {
        tags: ['Access tokens'], operationId: 'revokeSignedTokens',
        summary: 'Revoke every token signed with the service secret for an actor so far (your own, or anyone\'s with MANAGE_ACCESS_TOKENS): every process refuses them within a second',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['actorUrn'], additionalProperties: false, properties: { actorUrn: { type: 'string', description: 'urn:li:corpuser:<id>' } } } } },
        },
        responses: { '200': object('{actorUrn, signedBefore}: tokens issued before signedBefore (ISO time) are refused'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/api/graphql': graphqlOps,
    '/api/v2/graphql': graphqlOps,
    '/metrics': {
      get: {
        tags: ['System'], operationId: 'metrics', summary: 'Prometheus metrics (needs a token unless METRICS_PUBLIC=true)',
        responses: { '200': text('Prometheus text exposition format'), ...errorResponses() },
      },
    },
    '/health': {
      get: { tags: ['System'], operationId: 'health', summary: 'Liveness (public); OpenSearch reachability from a check at most a few seconds old', ...publicOp, responses: { '200': object('{status: "ok", opensearch}') } },
    },
    '/ready': {
      get: {
        tags: ['System'], operationId: 'ready', summary: 'Readiness (public): 503 naming the failing check',
        ...publicOp,
        responses: { '200': object('{ready: true, checks}'), '503': object('{ready: false, failing, message, checks}') },
      },
    },
    '/openapi/v3/api-docs': { get: { tags: ['System'], operationId: 'apiDocsV3', summary: 'This API document, v3 routes (public)', ...publicOp, responses: { '200': object('OpenAPI 3.1 document') } } },
    '/openapi/v2/api-docs': { get: { tags: ['System'], operationId: 'apiDocsV2', summary: 'The API document of the v2 routes (public)', ...publicOp, responses: { '200': object('OpenAPI 3.1 document') } } },
    ...Object.fromEntries(
      (['v3', 'v2'] as const).map((v) => [
        `/openapi/${v}/api-docs/{group}`,
        {
          get: {
            tags: ['System'], operationId: `apiDocsGroup${v.toUpperCase()}`, summary: `One part of the ${v} API document (public): \`service\` (GraphQL, wire, jobs, system) or one entity type; what the explorer loads`,
            ...publicOp,
            parameters: [{ name: 'group', in: 'path', required: true, schema: { type: 'string' }, description: '`service` or an entity type name (dataset, schemaField, …)' }],
            responses: { '200': object('OpenAPI 3.1 document'), '404': object('{error, message} naming the parts there are') },
          },
        },
      ]),
    ),
    '/openapi/swagger-ui': {
      get: { tags: ['System'], operationId: 'swaggerUi', summary: 'The API explorer (Swagger UI, public page)', ...publicOp, responses: { '200': text('HTML page', 'text/html'), ...publicErrorResponses() } },
    },
  };
}
