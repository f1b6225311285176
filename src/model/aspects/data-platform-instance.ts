// Owns the dataPlatformInstance aspect schema, following metadata-models/src/main/pegasus/com/linkedin/common/DataPlatformInstance.pdl.
import { z } from 'zod';
import { UrnSchema } from './common.js';

export const DataPlatformInstanceSchema = z.strictObject({
  platform: UrnSchema,
  instance: UrnSchema.optional(),
});
export type DataPlatformInstance = z.infer<typeof DataPlatformInstanceSchema>;
