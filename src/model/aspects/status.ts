// Owns the status aspect schema (soft delete and lifecycle stage), following metadata-models/src/main/pegasus/com/linkedin/common/Status.pdl.
import { z } from 'zod';
import { AuditStampSchema, UrnSchema } from './common.js';

export const StatusSchema = z.strictObject({
  /** PDL default `false`; not filled in when absent. */
  removed: z.boolean().optional(),
  lifecycleStage: UrnSchema.optional(),
  lifecycleLastUpdated: AuditStampSchema.optional(),
});
export type Status = z.infer<typeof StatusSchema>;
