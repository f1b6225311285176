// Owns the entityTypeInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/entitytype/EntityTypeInfo.pdl.
import { z } from 'zod';

export const EntityTypeInfoSchema = z.strictObject({
  qualifiedName: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
});
export type EntityTypeInfo = z.infer<typeof EntityTypeInfoSchema>;
