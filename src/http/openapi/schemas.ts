/** The named schemas of the API document: every aspect's zod schema, the wire envelopes built around them, converted once to JSON Schema 2020-12. */
import { z } from 'zod';
import { ProposalSchema } from '../../model/proposal.js';
import { PatchBodySchema, PatchOpSchema } from '../../model/json-patch.js';
import { aspectSchemas, AuditStampSchema, MetadataAttributionSchema, TagAssociationSchema, GlossaryTermAssociationSchema } from '../../model/aspects/index.js';
import { ENTITY_TYPES, type EntityTypeDef } from '../../model/entity-types.js';

/** `globalTags` → `GlobalTags`: the component name of an aspect's schema. */
export const aspectSchemaName = (aspect: string) => aspect[0].toUpperCase() + aspect.slice(1);
/** `schemaField` → `SchemaField`: the prefix of an entity type's component names. */
export const entitySchemaName = (def: EntityTypeDef) => def.name[0].toUpperCase() + def.name.slice(1);
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** One zod schema as inline JSON Schema 2020-12 (what a request validator reads), without the `$schema` header. */
export function inlineSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const SystemMetadataSchema = z
  .object({
    aspectCreated: z.object({ time: z.number().int(), actor: z.string() }),
    aspectModified: z.object({ time: z.number().int(), actor: z.string() }),
    version: z.string().meta({ description: 'Write counter of the aspect' }),
    lastObserved: z.number().int(),
    valueSetters: z
      .record(z.string(), z.object({ time: z.number().int(), actor: z.string(), source: z.string().optional(), sourceDetail: z.record(z.string(), z.string()).optional() }))
      .optional()
      .meta({ description: 'Tessera: who set each entry of structuredProperties, globalTags, glossaryTerms or ownership (by property, tag, term or owner|type), and the pipeline or file it came from' }),
  })
  .meta({ description: 'Audit stamps and version of a stored aspect (answers with systemMetadata=true)' });

export const ErrorSchema = z
  .object({
    error: z.string().meta({ description: 'Title of the error kind, e.g. Validation Error' }),
    message: z.string().meta({ description: 'What is wrong, precisely' }),
    items: z
      .array(z.object({ index: z.number().int(), urn: z.string(), aspect: z.string(), reason: z.string() }))
      .optional()
      .meta({ description: 'A refused batch: each refused item (its position in the request, URN, aspect and why); nothing of the batch was written' }),
  })
  .meta({ description: 'Every error answer: the one JSON envelope' });

const JobSchema = z.object({
  id: z.string(),
  type: z.string().meta({ description: 'Job type, e.g. propertyCleanup, tagCleanup, reindex' }),
  key: z.string().meta({ description: 'What the job is about, e.g. a property urn' }),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  leaseOwner: z.string().optional(),
  leaseUntil: z.number().int().optional(),
  notBefore: z.number().int().optional(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  progress: z.record(z.string(), z.unknown()).optional(),
  error: z.string().optional(),
  requestId: z.string().optional().meta({ description: 'X-Request-Id of the request that enqueued the job' }),
});

const asyncFlag = z.union([z.enum(['true', 'false']), z.boolean()]).optional();

/** The entity shapes of one type in one REST version: `{urn, <aspect>: {value}}` (v3) or `{urn, aspects: {…}}` (v2). */
function entityShapes(def: EntityTypeDef) {
  const aspects = [def.keyAspect, ...def.aspects].filter((a) => aspectSchemas[a]);
  const envelopes = Object.fromEntries(aspects.map((a) => [a, envelopeOf(a).optional()]));
  const writeEnvelopes = Object.fromEntries(aspects.map((a) => [a, z.object({ value: aspectSchemas[a] }).optional()]));
  const patchEnvelopes = Object.fromEntries(aspects.map((a) => [a, z.object({ value: PatchObjectSchema }).optional()]));
  const urn = z.string().meta({ description: `URN of the ${def.name}` });
  const V3 = z.object({ urn, ...envelopes });
  const V2 = z.object({ urn, aspects: z.object(envelopes) });
  return {
    V3,
    V2,
    V3List: z.object({ scrollId: z.string().optional(), entities: z.array(V3), totalCount: z.number().int() }),
    V2List: z.object({ results: z.array(V2), scrollId: z.string().optional() }),
    V3Batch: z.array(z.strictObject({ urn, ...writeEnvelopes })).meta({ description: 'Entities to write: each item names aspects as {value: <aspect>}' }),
    V2Batch: z.array(z.strictObject({ urn, aspects: z.strictObject(writeEnvelopes) })).meta({ description: 'Entities to write: {urn, aspects: {<aspect>: {value}}}' }),
    V3BatchPatch: z.array(z.strictObject({ urn, ...patchEnvelopes })).meta({ description: 'JSON patches: each item names aspects as {value: {patch, arrayPrimaryKeys?}}' }),
  };
}

const PatchObjectSchema = PatchBodySchema.options[1];
const envelopeCache = new Map<string, z.ZodType>();
/** `{value: <aspect>, systemMetadata?}`: how an aspect travels in v3 bodies and in every answer. */
function envelopeOf(aspect: string): z.ZodType {
  let e = envelopeCache.get(aspect);
  if (!e) envelopeCache.set(aspect, (e = z.object({ value: aspectSchemas[aspect], systemMetadata: SystemMetadataSchema.optional() })));
  return e;
}

/** Builds the registry of every named schema; names are the `components.schemas` keys. */
function buildRegistry() {
  const registry = z.registry<{ id: string }>();
  const add = (schema: z.ZodType, id: string) => registry.add(schema, { id });
  add(ErrorSchema, 'Error');
  add(SystemMetadataSchema, 'SystemMetadata');
  add(AuditStampSchema, 'AuditStamp');
  add(MetadataAttributionSchema, 'MetadataAttribution');
  add(TagAssociationSchema, 'TagAssociation');
  add(GlossaryTermAssociationSchema, 'GlossaryTermAssociation');
  for (const [aspect, schema] of Object.entries(aspectSchemas)) {
    add(schema, aspectSchemaName(aspect));
    add(envelopeOf(aspect), `${aspectSchemaName(aspect)}Envelope`);
  }
  add(PatchOpSchema, 'PatchOperation');
  add(PatchBodySchema, 'PatchBody');
  add(PatchObjectSchema, 'PatchDocument');
  add(ProposalSchema, 'Proposal');
  add(z.strictObject({ proposal: ProposalSchema, async: asyncFlag }), 'IngestProposalRequest');
  add(z.strictObject({ proposals: z.array(ProposalSchema), async: asyncFlag }), 'IngestProposalBatchRequest');
  add(z.object({ value: z.string().meta({ description: 'The entity URN (ingestProposal) or "success" (ingestProposalBatch)' }) }), 'IngestResult');
  add(JobSchema, 'Job');
  const TokenMetadata = z.object({
    id: z.string(), urn: z.string(), type: z.literal('PERSONAL'), name: z.string(), description: z.string().nullable(), actorUrn: z.string(), ownerUrn: z.string(),
    createdAt: z.number(), expiresAt: z.number().nullable(), lastUsedAt: z.number().nullable(), revokedAt: z.number().nullable(),
  });
  add(z.object({ actorUrn: z.string(), duration: z.enum(['ONE_HOUR', 'ONE_DAY', 'ONE_WEEK', 'ONE_MONTH', 'THREE_MONTHS', 'SIX_MONTHS', 'ONE_YEAR']), name: z.string(), description: z.string().optional(), type: z.literal('PERSONAL').optional() }), 'CreateAccessTokenRequest');
  add(z.object({ accessToken: z.string().meta({ description: 'tsr_pat_…: shown once, only a salted hash is stored' }), metadata: TokenMetadata }), 'AccessToken');
  add(z.object({ start: z.number(), count: z.number(), total: z.number(), tokens: z.array(TokenMetadata) }), 'AccessTokenList');
  add(z.object({ jobs: z.array(JobSchema) }), 'JobList');
  for (const def of ENTITY_TYPES) {
    const name = entitySchemaName(def);
    for (const [suffix, schema] of Object.entries(entityShapes(def))) add(schema, `${name}${suffix}`);
  }
  return registry;
}

let cached: Record<string, unknown> | undefined;

/** `components.schemas`: JSON Schema 2020-12 (what OpenAPI 3.1 speaks), as the request validators read their input. */
export function componentSchemas(): Record<string, unknown> {
  if (cached) return cached;
  const out = z.toJSONSchema(buildRegistry(), { uri: (id) => `#/components/schemas/${id}`, io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  const schemas: Record<string, unknown> = {};
  for (const [id, s] of Object.entries(out.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s as Record<string, unknown>;
    schemas[id] = rest;
  }
  cached = schemas;
  return schemas;
}

