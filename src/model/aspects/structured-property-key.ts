// Owns the structuredPropertyKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/structured/StructuredPropertyKey.pdl.
import { z } from 'zod';

export const StructuredPropertyKeySchema = z.strictObject({
  id: z.string(),
});
export type StructuredPropertyKey = z.infer<typeof StructuredPropertyKeySchema>;
