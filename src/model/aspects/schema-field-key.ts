// Owns the schemaFieldKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/SchemaFieldKey.pdl.
import { z } from 'zod';
import { UrnSchema } from './common.js';

export const SchemaFieldKeySchema = z.strictObject({
  parent: UrnSchema,
  fieldPath: z.string(),
});
export type SchemaFieldKey = z.infer<typeof SchemaFieldKeySchema>;
