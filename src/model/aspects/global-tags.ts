// Owns the globalTags aspect schema (also embedded in schema fields), following metadata-models/src/main/pegasus/com/linkedin/common/GlobalTags.pdl.
import { z } from 'zod';
import { TagAssociationSchema } from './common.js';

export const GlobalTagsSchema = z.strictObject({
  tags: z.array(TagAssociationSchema),
});
export type GlobalTags = z.infer<typeof GlobalTagsSchema>;
