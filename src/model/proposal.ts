/** The metadata change proposal (MCP) of the emitter wire: its shape, and how its aspect travels as a JSON string. Pure. */
import { z } from 'zod';
import { ConditionalHeadersSchema, type WritePrecondition } from './write-precondition.js';
import { validationError } from '../errors.js';

export const CHANGE_TYPES = ['UPSERT', 'CREATE', 'PATCH', 'DELETE'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const JSON_CONTENT_TYPE = 'application/json';
export const PATCH_CONTENT_TYPE = 'application/json-patch+json';

export const GenericAspectSchema = z.strictObject({
  value: z.string({ error: 'must be the aspect serialised as a JSON string' }),
  contentType: z.string().optional(),
});

/** com.linkedin.mxe.SystemMetadata: what the writer says about a write (its run, pipeline, properties). */
export const SystemMetadataSchema = z.strictObject({
  lastObserved: z.number().int().optional(),
  runId: z.string().optional(),
  lastRunId: z.string().optional(),
  pipelineName: z.string().optional(),
  registryName: z.string().optional(),
  registryVersion: z.string().optional(),
  properties: z.record(z.string(), z.string()).optional(),
  // Server-assigned: stored values always come from the write itself (as in the original), so these are accepted and replaced.
  version: z.string().optional(),
  schemaVersion: z.number().int().optional(),
  aspectCreated: z.unknown().optional(),
  aspectModified: z.unknown().optional(),
});
export type SystemMetadata = z.infer<typeof SystemMetadataSchema>;

/** The system metadata property in which `tessera dataset upsert` names the file its values came from. */
export const SOURCE_FILE_PROPERTY = 'tessera.sourceFile';

/** The writer's fields of a system metadata record, as stored with the aspect. */
export function writerSystemMetadata(sm: SystemMetadata | undefined): Record<string, unknown> | undefined {
  if (!sm) return undefined;
  const { version: _v, aspectCreated: _c, aspectModified: _m, ...writer } = sm;
  return Object.keys(writer).length > 0 ? writer : undefined;
}

/** System metadata arrives as an object or, from some clients, as a JSON string of one. */
export const SystemMetadataInputSchema = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, SystemMetadataSchema.nullable());

/** One aspect of a REST v3 write: its value and, as on the wire, the writer's system metadata and conditions; nothing else. */
export const AspectEnvelopeSchema = z.strictObject({
  value: z.unknown(),
  systemMetadata: SystemMetadataInputSchema.optional(),
  headers: ConditionalHeadersSchema,
});

export const ProposalSchema = z.strictObject({
  entityType: z.string().optional(),
  entityUrn: z.string({ error: 'entityUrn is required' }),
  entityKeyAspect: z.unknown().optional(),
  changeType: z.string({ error: 'changeType is required' }).refine((c) => (CHANGE_TYPES as readonly string[]).includes(c), {
    error: (i) => `changeType ${String(i.input)} is not supported; one of ${CHANGE_TYPES.join(', ')}`,
  }),
  aspectName: z.string({ error: 'aspectName is required' }),
  aspect: GenericAspectSchema.optional(),
  systemMetadata: SystemMetadataInputSchema.optional(),
  auditHeader: z.unknown().optional(),
  headers: ConditionalHeadersSchema,
});
export type Proposal = Omit<z.infer<typeof ProposalSchema>, 'changeType' | 'headers'> & { changeType: ChangeType; headers?: WritePrecondition };

/** Builds a proposal for one aspect; `value` is the aspect (UPSERT/CREATE) or the patch document (PATCH). */
export function createProposal(input: { entityType: string; entityUrn: string; aspectName: string; changeType?: ChangeType; value?: unknown }): Proposal {
  const changeType = input.changeType ?? 'UPSERT';
  const proposal: Proposal = { entityType: input.entityType, entityUrn: input.entityUrn, changeType, aspectName: input.aspectName };
  if (changeType !== 'DELETE') {
    proposal.aspect = { value: JSON.stringify(input.value), contentType: changeType === 'PATCH' ? PATCH_CONTENT_TYPE : JSON_CONTENT_TYPE };
  }
  return proposal;
}

/** The aspect (or patch) a proposal carries, parsed from its JSON string; throws VALIDATION naming what is wrong. */
export function decodeProposalAspect(p: Proposal): unknown {
  if (p.changeType === 'DELETE') return undefined;
  if (!p.aspect) throw validationError(`proposal.aspect is required for changeType ${p.changeType}`);
  const type = p.aspect.contentType ?? JSON_CONTENT_TYPE;
  if (type !== JSON_CONTENT_TYPE && type !== PATCH_CONTENT_TYPE) {
    throw validationError(`proposal.aspect.contentType ${type} is not supported; use ${JSON_CONTENT_TYPE}`);
  }
  try {
    return JSON.parse(p.aspect.value);
  } catch (e) {
    throw validationError(`proposal.aspect.value is not valid JSON: ${(e as Error).message}`);
  }
}
