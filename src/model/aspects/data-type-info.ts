// Owns the dataTypeInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/datatype/DataTypeInfo.pdl.
import { z } from 'zod';

export const DataTypeInfoSchema = z.strictObject({
  qualifiedName: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
});
export type DataTypeInfo = z.infer<typeof DataTypeInfoSchema>;
