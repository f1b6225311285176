/** The query and path parameters of the REST routes as zod schemas, turned into OpenAPI parameter objects. */
import { z } from 'zod';
import { inlineSchema } from './schemas.js';

const flag = (description: string, fallback: boolean) => z.boolean().default(fallback).meta({ description });
const names = (description: string) => z.array(z.string()).optional().meta({ description: `${description} (repeatable or comma-separated)` });

export const WaitForSearchQuery = z.object({
  waitForSearch: flag('Answer only once the write is visible to search (also the header X-Tessera-Wait-For-Search: true)', false),
});

export const SystemMetadataQuery = z.object({ systemMetadata: flag('Add each aspect\'s systemMetadata to the answer', false) });

export const ListQuery = z.object({
  query: z.string().optional().meta({ description: 'Query-string search (field:value, AND/OR, ranges, wildcards); all entities when absent' }),
  aspects: names('Aspects to return'),
  count: z.int().min(0).default(10).meta({ description: 'Page size; values above MAX_COUNT are capped' }),
  scrollId: z.string().optional().meta({ description: 'Continuation token from the previous page' }),
  sort: names('Sort fields (alias sortCriteria)'),
  sortOrder: z.enum(['ASCENDING', 'DESCENDING']).optional().meta({ description: 'Sort direction, case-insensitive' }),
  includeSoftDelete: flag('Include soft-deleted entities', false),
  ...SystemMetadataQuery.shape,
});

export const EntityReadQuery = z.object({ aspects: names('Aspects to return; all when absent'), ...SystemMetadataQuery.shape });
export const EntityDeleteQuery = z.object({ aspects: names('Delete only these aspects; the whole entity (hard delete) when absent'), ...WaitForSearchQuery.shape });
export const BatchWriteQuery = z.object({
  async: flag('true: answer 202; false: answer 200 with the written entities (stored either way)', true),
  ...SystemMetadataQuery.shape,
  ...WaitForSearchQuery.shape,
});
export const aspectWriteQuery = (createDefault: boolean) =>
  z.object({
    createIfNotExists: flag('Create only: 409 naming the aspect when it exists already', createDefault),
    ...SystemMetadataQuery.shape,
    ...WaitForSearchQuery.shape,
  });
export const AspectPatchQuery = z.object({ ...SystemMetadataQuery.shape, ...WaitForSearchQuery.shape });

export const JobsQuery = z.object({
  type: z.string().optional().meta({ description: 'Job type, e.g. propertyCleanup' }),
  key: z.string().optional().meta({ description: 'Job key, e.g. a property urn' }),
  status: z.enum(['pending', 'running', 'done', 'failed']).optional(),
  count: z.int().min(0).default(50).meta({ description: 'Most jobs to return; capped at MAX_COUNT' }),
});

export const TokensQuery = z.object({
  ownerUrn: z.string().optional().meta({ description: 'Tokens made by this actor (another than you needs MANAGE_ACCESS_TOKENS)' }),
  actorUrn: z.string().optional().meta({ description: 'Tokens acting as this actor' }),
  start: z.int().min(0).default(0),
  count: z.int().min(0).max(1000).default(20),
  includeRevoked: flag('Revoked tokens too', false),
});

export const IngestQuery = z.object({
  action: z.enum(['ingestProposal', 'ingestProposalBatch', 'getTimeseriesAspectValues']).meta({ description: 'One proposal or several; or a read of time-series points' }),
  ...WaitForSearchQuery.shape,
});

/** The parameter's schema; its description goes on the parameter itself. */
const toSchema = (s: z.ZodType) => {
  const { description: _d, ...rest } = inlineSchema(s);
  return rest;
};

/** One OpenAPI parameter object per field of a query schema; a field without default or optional() is required. */
export function queryParameters(schema: z.ZodObject): object[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const f = field as z.ZodType;
    const required = !f.safeParse(undefined).success;
    const array = toSchema(f).type === 'array';
    return {
      name,
      in: 'query',
      required,
      ...(f.description !== undefined && { description: f.description }),
      schema: toSchema(f),
      ...(array && { style: 'form', explode: true }),
    };
  });
}

export function pathParameter(name: string, description: string, example?: string): object {
  return { name, in: 'path', required: true, description, schema: { type: 'string' }, ...(example !== undefined && { example }) };
}
