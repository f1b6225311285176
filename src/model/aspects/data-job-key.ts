// Owns the dataJobKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/DataJobKey.pdl.
import { z } from 'zod';
import { UrnSchema } from './common.js';

export const DataJobKeySchema = z.strictObject({
  flow: UrnSchema,
  jobId: z.string(),
});
export type DataJobKey = z.infer<typeof DataJobKeySchema>;
