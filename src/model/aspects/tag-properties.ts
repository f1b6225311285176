// Owns the tagProperties aspect schema, following metadata-models/src/main/pegasus/com/linkedin/tag/TagProperties.pdl.
import { z } from 'zod';

export const TagPropertiesSchema = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  colorHex: z.string().optional(),
});
export type TagProperties = z.infer<typeof TagPropertiesSchema>;
