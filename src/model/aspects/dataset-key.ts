// Owns the datasetKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/DatasetKey.pdl.
import { z } from 'zod';
import { FabricTypeSchema, UrnSchema } from './common.js';

export const DatasetKeySchema = z.strictObject({
  platform: UrnSchema,
  name: z.string(),
  origin: FabricTypeSchema,
});
export type DatasetKey = z.infer<typeof DatasetKeySchema>;
