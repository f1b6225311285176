// Owns the glossaryTermKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/GlossaryTermKey.pdl.
import { z } from 'zod';

export const GlossaryTermKeySchema = z.strictObject({ name: z.string() });
export type GlossaryTermKey = z.infer<typeof GlossaryTermKeySchema>;
