// Owns the tagKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/TagKey.pdl.
import { z } from 'zod';

export const TagKeySchema = z.strictObject({
  name: z.string(),
});
export type TagKey = z.infer<typeof TagKeySchema>;
