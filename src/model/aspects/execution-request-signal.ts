// Owns the dataHubExecutionRequestSignal aspect schema (a signal such as KILL sent to a run), following metadata-models/src/main/pegasus/com/linkedin/execution/ExecutionRequestSignal.pdl.
import { z } from 'zod';
import { AuditStampSchema } from './common.js';

export const ExecutionRequestSignalSchema = z.strictObject({
  signal: z.string(),
  executorId: z.string().optional(),
  createdAt: AuditStampSchema,
});
export type ExecutionRequestSignal = z.infer<typeof ExecutionRequestSignalSchema>;
