// Owns the dataHubExecutionRequestResult aspect schema (how a run ended), following metadata-models/src/main/pegasus/com/linkedin/execution/ExecutionRequestResult.pdl and StructuredExecutionReport.pdl.
import { z } from 'zod';
import { LongSchema } from './common.js';

export const ExecutionRequestResultSchema = z.strictObject({
  status: z.string(),
  report: z.string().optional(),
  structuredReport: z.strictObject({ type: z.string(), serializedValue: z.string(), contentType: z.string() }).optional(),
  startTimeMs: LongSchema.optional(),
  durationMs: LongSchema.optional(),
});
export type ExecutionRequestResult = z.infer<typeof ExecutionRequestResultSchema>;
