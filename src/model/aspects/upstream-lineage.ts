// Owns the upstreamLineage aspect schema with its Upstream and FineGrainedLineage records, following metadata-models/src/main/pegasus/com/linkedin/dataset/{UpstreamLineage,Upstream,FineGrainedLineage}.pdl.
import { z } from 'zod';
import { AuditStampSchema, StringMapSchema, UrnSchema } from './common.js';

/** com.linkedin.dataset.LineageMatchType. */
export const LineageMatchTypeSchema = z.enum(['EXACT', 'NORMALIZED', 'UNRESOLVED']);

/** com.linkedin.dataset.Upstream: one dataset this one is derived from. */
export const UpstreamSchema = z.strictObject({
  /** PDL default: time 0 by urn:li:corpuser:unknown; not filled in when absent. */
  auditStamp: AuditStampSchema.optional(),
  created: AuditStampSchema.optional(),
  dataset: UrnSchema,
  type: z.enum(['COPY', 'TRANSFORMED', 'VIEW']),
  properties: StringMapSchema.optional(),
  query: UrnSchema.optional(),
  matchType: LineageMatchTypeSchema.optional(),
});

/** com.linkedin.dataset.FineGrainedLineage: column-level lineage. */
export const FineGrainedLineageSchema = z.strictObject({
  upstreamType: z.enum(['FIELD_SET', 'DATASET', 'NONE']),
  upstreams: z.array(UrnSchema).optional(),
  downstreamType: z.enum(['FIELD', 'FIELD_SET']),
  downstreams: z.array(UrnSchema).optional(),
  transformOperation: z.string().optional(),
  /** PDL default 1.0; not filled in when absent. */
  confidenceScore: z.number().optional(),
  query: UrnSchema.optional(),
  matchType: LineageMatchTypeSchema.optional(),
});

export const UpstreamLineageSchema = z.strictObject({
  upstreams: z.array(UpstreamSchema),
  fineGrainedLineages: z.array(FineGrainedLineageSchema).optional(),
});
export type UpstreamLineage = z.infer<typeof UpstreamLineageSchema>;
