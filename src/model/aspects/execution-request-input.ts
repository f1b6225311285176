// Owns the dataHubExecutionRequestInput aspect schema (what a run was asked to do), following metadata-models/src/main/pegasus/com/linkedin/execution/ExecutionRequestInput.pdl and its Source and CliVersionAudit records.
import { z } from 'zod';
import { LongSchema, StringMapSchema, UrnSchema } from './common.js';

export const ExecutionRequestInputSchema = z.strictObject({
  task: z.string(),
  args: StringMapSchema,
  executorId: z.string(),
  source: z.strictObject({ type: z.string(), ingestionSource: UrnSchema.optional() }),
  requestedAt: LongSchema,
  actorUrn: UrnSchema.optional(),
  cliVersionAudit: z
    .strictObject({
      source: z.enum(['SOURCE_CONFIG_OVERRIDE', 'MATRIX_COHORT', 'MATRIX_CONNECTOR_DEFAULT', 'APPLICATION_DEFAULT']),
      serverVersion: z.string().optional(),
    })
    .optional(),
});
export type ExecutionRequestInput = z.infer<typeof ExecutionRequestInputSchema>;
