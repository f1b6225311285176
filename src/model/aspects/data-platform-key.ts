// Owns the dataPlatformKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/DataPlatformKey.pdl.
import { z } from 'zod';

export const DataPlatformKeySchema = z.strictObject({
  platformName: z.string(),
});
export type DataPlatformKey = z.infer<typeof DataPlatformKeySchema>;
