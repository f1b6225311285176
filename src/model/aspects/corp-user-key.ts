// Owns the corpUserKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/CorpUserKey.pdl.
import { z } from 'zod';

export const CorpUserKeySchema = z.strictObject({
  username: z.string(),
});
export type CorpUserKey = z.infer<typeof CorpUserKeySchema>;
