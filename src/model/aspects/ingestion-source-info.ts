// Owns the dataHubIngestionSourceInfo aspect schema (an ingestion recipe and its schedule), following metadata-models/src/main/pegasus/com/linkedin/ingestion/DataHubIngestionSourceInfo.pdl and its Schedule, Config and Source records.
import { z } from 'zod';
import { StringMapSchema, UrnSchema } from './common.js';

export const IngestionSourceInfoSchema = z.strictObject({
  name: z.string(),
  type: z.string(),
  platform: UrnSchema.optional(),
  schedule: z.strictObject({ interval: z.string(), timezone: z.string() }).optional(),
  config: z.strictObject({
    recipe: z.string(),
    version: z.string().optional(),
    executorId: z.string().optional(),
    debugMode: z.boolean().optional(),
    extraArgs: StringMapSchema.optional(),
  }),
  source: z.strictObject({ type: z.enum(['SYSTEM']) }).optional(),
});
export type IngestionSourceInfo = z.infer<typeof IngestionSourceInfoSchema>;
