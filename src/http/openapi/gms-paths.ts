/** The paths of the original client's Rest.li wire beyond ingest (`src/gms/*-routes.ts`): aspect and entity reads, delete actions, ingestion runs, the config probe. */
import { DeleteBodySchema, ReferencesBodySchema } from '../../gms/entities-routes.js';
import { DescribeRunBodySchema, ListRunsBodySchema, RollbackRunBodySchema } from '../../gms/runs-routes.js';
import { pathParameter } from './parameters.js';
import { errorResponses } from './responses.js';
import { inlineSchema } from './schemas.js';

const tags = ['Client wire (Rest.li)'];
const object = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const urn = pathParameter('urn', 'Entity URN, percent-encoded', 'urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)');
const query = (name: string, description: string, required = false, extra: object = {}) => ({ name, in: 'query', required, description, schema: { type: 'string', ...extra } });

export function gmsPaths(): Record<string, object> {
  return {
    '/aspects/{urn}': {
      get: {
        tags, operationId: 'gmsGetAspect', summary: 'One aspect keyed by its record name: {urn, version: 0, aspect: {<record name>: <aspect>}}',
        parameters: [urn, query('aspect', 'Aspect name', true), query('version', 'Only 0 (the latest) is kept', false, { default: '0' })],
        responses: { '200': object('The aspect'), ...errorResponses('NOT_FOUND') },
      },
    },
    '/entitiesV2/{urn}': {
      get: {
        tags, operationId: 'gmsGetEntityV2', summary: 'An entity\'s aspects as versioned aspects: {urn, entityName, aspects}; a missing entity answers only its key aspect',
        parameters: [urn, query('aspects', 'List(a,b) or a,b; all when absent')],
        responses: { '200': object('The entity'), ...errorResponses('VALIDATION', 'NOT_FOUND') },
      },
    },
    '/entities': {
      post: {
        tags, operationId: 'gmsEntityAction', summary: 'Hard delete an entity (action=delete) or remove every reference to it (action=deleteReferences, tags)',
        parameters: [query('action', 'delete or deleteReferences', true, { enum: ['delete', 'deleteReferences'] })],
        requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [inlineSchema(DeleteBodySchema), inlineSchema(ReferencesBodySchema)] } } } },
        responses: { '200': object('{value: {urn, rows, timeseriesRows}} or {value: {total, relatedAspects}}'), ...errorResponses('VALIDATION', 'INVALID_URN', 'NOT_FOUND', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE') },
      },
    },
    '/runs': {
      post: {
        tags, operationId: 'gmsRunAction', summary: 'Ingestion runs: list them newest first (action=list), the aspects one wrote (action=describe), or roll one back (action=rollback: restores what it overwrote, removes what it created, soft-deletes, or with safe=false hard-deletes, the entities it created)',
        parameters: [query('action', 'list, describe or rollback', true, { enum: ['list', 'describe', 'rollback'] })],
        requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [inlineSchema(ListRunsBodySchema), inlineSchema(DescribeRunBodySchema), inlineSchema(RollbackRunBodySchema)] } } } },
        responses: {
          '200': object('{value: [{runId, rows, timestamp}]} (list), {value: [{runId, aspectName, urn, timestamp, version, keyAspect, aspect?}]} (describe) or {value: {entitiesAffected, aspectsAffected, aspectsReverted, entitiesDeleted, unsafeEntitiesCount, unsafeEntities, aspectRowSummaries}} (rollback)'),
          '422': { $ref: '#/components/responses/UnprocessableEntity' },
          ...errorResponses('FORBIDDEN', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
    },
    '/config': { get: { tags, operationId: 'config', summary: 'Client configuration probe of the original client (public)', security: [], responses: { '200': object('Server configuration') } } },
  };
}
