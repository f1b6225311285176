/** The paths of the generic entity and aspect routes (`src/http/entity-routes.ts`), spelt out per entity type and aspect with their typed bodies and answers. */
import { aspectSchemas } from '../../model/aspects/index.js';
import { ENTITY_TYPES, type EntityTypeDef } from '../../model/entity-types.js';
import { AspectPatchQuery, aspectWriteQuery, BatchWriteQuery, EntityDeleteQuery, EntityReadQuery, ListQuery, pathParameter, queryParameters, SystemMetadataQuery } from './parameters.js';
import { BODY_ERRORS, errorResponses, jsonAnswer } from './responses.js';
import { aspectSchemaName, entitySchemaName, ref } from './schemas.js';

export type Version = 'v2' | 'v3';

const URN_EXAMPLES: Record<string, string> = {
  dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)',
  schemaField: 'urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD),id)',
  tag: 'urn:li:tag:pii',
  structuredProperty: 'urn:li:structuredProperty:io.example.retention',
  corpuser: 'urn:li:corpuser:jdoe',
};
const urnParam = (def: EntityTypeDef) =>
  pathParameter('urn', `URN of the ${def.name}, percent-encoded`, URN_EXAMPLES[def.name] ?? `urn:li:${def.name}:example`);
const json = (schemaName: string, description: string, types = ['application/json']) => ({
  required: true,
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema: ref(schemaName) }])),
});
const empty = (description: string) => ({ description });
const PATCH_TYPES = ['application/json-patch+json', 'application/json'];

function collectionPath(v: Version, def: EntityTypeDef, tags: string[]) {
  const E = entitySchemaName(def);
  const ops: Record<string, object> = {
    get: {
      tags, operationId: `${v}List${E}`, summary: `List or search ${def.name} entities`,
      parameters: queryParameters(ListQuery),
      responses: { '200': jsonAnswer('A page of entities', `${E}${v === 'v3' ? 'V3List' : 'V2List'}`), ...errorResponses('VALIDATION') },
    },
    post: {
      tags, operationId: `${v}BatchWrite${E}`, summary: `Write whole aspects of several ${def.name} entities`,
      parameters: queryParameters(BatchWriteQuery),
      requestBody: json(`${E}${v === 'v3' ? 'V3Batch' : 'V2Batch'}`, 'The entities and their aspects'),
      responses: {
        '200': { description: 'Written (async=false)', content: { 'application/json': { schema: { type: 'array', items: ref(`${E}${v === 'v3' ? 'V3' : 'V2'}`) } } } },
        '202': { description: 'Written (async=true, the default); same body', content: { 'application/json': { schema: { type: 'array', items: ref(`${E}${v === 'v3' ? 'V3' : 'V2'}`) } } } },
        ...errorResponses(...BODY_ERRORS, 'NOT_FOUND', 'CONFLICT'),
      },
    },
  };
  if (v === 'v3') {
    ops.patch = {
      tags, operationId: `v3BatchPatch${E}`, summary: `JSON-patch aspects of several ${def.name} entities`,
      parameters: queryParameters(BatchWriteQuery),
      requestBody: json(`${E}V3BatchPatch`, 'Per entity, per aspect: {value: {patch, arrayPrimaryKeys?}}', PATCH_TYPES),
      responses: {
        '200': { description: 'Patched (async=false)', content: { 'application/json': { schema: { type: 'array', items: ref(`${E}V3`) } } } },
        '202': empty('Patched (async=true, the default); empty body'),
        ...errorResponses(...BODY_ERRORS, 'NOT_FOUND', 'CONFLICT'),
      },
    };
  }
  return ops;
}

function entityPath(v: Version, def: EntityTypeDef, tags: string[]) {
  const E = entitySchemaName(def);
  const parameters = [urnParam(def)];
  return {
    parameters,
    get: {
      tags, operationId: `${v}Get${E}`, summary: `Read a ${def.name} entity`,
      parameters: queryParameters(EntityReadQuery),
      responses: { '200': jsonAnswer('The entity with its aspects', `${E}${v === 'v3' ? 'V3' : 'V2'}`), ...errorResponses('VALIDATION', 'INVALID_URN', 'NOT_FOUND') },
    },
    head: {
      tags, operationId: `${v}Head${E}`, summary: `Does the ${def.name} exist (soft-deleted counts as missing)`,
      responses: { '204': empty('Exists'), '404': empty('Missing'), ...errorResponses('VALIDATION', 'INVALID_URN') },
    },
    delete: {
      tags, operationId: `${v}Delete${E}`, summary: `Hard delete the ${def.name}, or only the listed aspects`,
      parameters: queryParameters(EntityDeleteQuery),
      responses: { '200': empty('Deleted; empty body'), ...errorResponses('VALIDATION', 'INVALID_URN', 'CONFLICT') },
    },
  };
}

function batchGetPath(def: EntityTypeDef, tags: string[]) {
  const E = entitySchemaName(def);
  return {
    post: {
      tags, operationId: `v3BatchGet${E}`, summary: `Read several ${def.name} entities at once: [{urn, <aspect>: {}}] names each one and the aspects wanted (all when none); missing ones are left out`,
      parameters: queryParameters(SystemMetadataQuery),
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'array', items: { type: 'object', required: ['urn'], properties: { urn: { type: 'string' } }, additionalProperties: { type: 'object' } } } } } },
      responses: { '200': { description: 'The entities found, each as the entity read answers it', content: { 'application/json': { schema: { type: 'array', items: ref(`${E}V3`) } } } }, ...errorResponses('VALIDATION', 'INVALID_URN', 'PAYLOAD_TOO_LARGE') },
    },
  };
}

function aspectPath(v: Version, def: EntityTypeDef, aspect: string, tags: string[]) {
  const A = aspectSchemaName(aspect);
  const E = entitySchemaName(def);
  const op = `${E}${A}`;
  const answer = v === 'v3' ? `{urn, ${aspect}: {value}}` : '{value}';
  const readSchema = v === 'v3' ? { type: 'object', required: ['urn', aspect], properties: { urn: { type: 'string' }, [aspect]: ref(`${A}Envelope`) } } : ref(`${A}Envelope`);
  const written = jsonAnswer(`The stored aspect, as the entity answer holding only it`, `${E}${v === 'v3' ? 'V3' : 'V2'}`);
  return {
    parameters: [urnParam(def)],
    get: {
      tags, operationId: `${v}Get${op}`, summary: `Read ${aspect} of a ${def.name}`,
      parameters: queryParameters(SystemMetadataQuery),
      responses: { '200': { description: `The aspect: ${answer}`, content: { 'application/json': { schema: readSchema } } }, ...errorResponses('VALIDATION', 'INVALID_URN', 'NOT_FOUND') },
    },
    head: {
      tags, operationId: `${v}Head${op}`, summary: `Does the ${def.name} have ${aspect}`,
      responses: { '204': empty('Present'), '404': empty('Absent'), ...errorResponses('VALIDATION', 'INVALID_URN') },
    },
    post: {
      tags, operationId: `${v}Write${op}`, summary: `Write the whole ${aspect} aspect of a ${def.name}`,
      parameters: queryParameters(aspectWriteQuery(v === 'v3')),
      requestBody: v === 'v3' ? json(`${A}Envelope`, `{"value": <${A}>}`) : json(A, `The ${A} aspect itself`),
      responses: { '200': written, ...errorResponses(...BODY_ERRORS, 'INVALID_URN', 'NOT_FOUND', 'CONFLICT') },
    },
    patch: {
      tags, operationId: `${v}Patch${op}`, summary: `JSON-patch the ${aspect} aspect of a ${def.name}`,
      parameters: queryParameters(AspectPatchQuery),
      requestBody: json('PatchBody', 'JSON patch operations, bare or as {patch, arrayPrimaryKeys?}; the result is validated like any write', PATCH_TYPES),
      responses: { '200': written, ...errorResponses(...BODY_ERRORS, 'INVALID_URN', 'NOT_FOUND', 'CONFLICT') },
    },
    delete: {
      tags, operationId: `${v}Delete${op}`, summary: `Delete the ${aspect} aspect of a ${def.name}`,
      parameters: queryParameters(EntityDeleteQuery.pick({ waitForSearch: true })),
      responses: { '200': empty('Deleted; empty body'), ...errorResponses('VALIDATION', 'INVALID_URN', 'CONFLICT') },
    },
  };
}

/** Every entity route of one REST version, one path per entity type, entity and aspect. */
export function entityPaths(v: Version): Record<string, object> {
  const paths: Record<string, object> = {};
  for (const def of ENTITY_TYPES) {
    const base = `/openapi/${v}/entity/${def.name.toLowerCase()}`;
    const tags = [`${def.name} (${v})`];
    paths[base] = collectionPath(v, def, tags);
    paths[`${base}/{urn}`] = entityPath(v, def, tags);
    if (v === 'v3') paths[`${base}/batchGet`] = batchGetPath(def, tags);
    for (const aspect of [def.keyAspect, ...def.aspects]) {
      if (aspectSchemas[aspect]) paths[`${base}/{urn}/${aspect}`] = aspectPath(v, def, aspect, tags);
    }
  }
  return paths;
}
