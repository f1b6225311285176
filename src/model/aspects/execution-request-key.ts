// Owns the dataHubExecutionRequestKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/ExecutionRequestKey.pdl.
import { z } from 'zod';

export const ExecutionRequestKeySchema = z.strictObject({ id: z.string() });
export type ExecutionRequestKey = z.infer<typeof ExecutionRequestKeySchema>;
