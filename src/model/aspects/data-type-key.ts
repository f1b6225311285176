// Owns the dataTypeKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/datatype/DataTypeKey.pdl.
import { z } from 'zod';

export const DataTypeKeySchema = z.strictObject({
  id: z.string(),
});
export type DataTypeKey = z.infer<typeof DataTypeKeySchema>;
