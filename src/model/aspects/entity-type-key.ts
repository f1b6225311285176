// Owns the entityTypeKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/entitytype/EntityTypeKey.pdl.
import { z } from 'zod';

export const EntityTypeKeySchema = z.strictObject({
  id: z.string(),
});
export type EntityTypeKey = z.infer<typeof EntityTypeKeySchema>;
