// Owns the glossaryTermInfo aspect schema (a business term's definition), following metadata-models/src/main/pegasus/com/linkedin/glossary/GlossaryTermInfo.pdl.
import { z } from 'zod';
import { customPropertiesShape, UrnSchema } from './common.js';

export const GlossaryTermInfoSchema = z.strictObject({
  ...customPropertiesShape,
  id: z.string().optional(),
  name: z.string().optional(),
  definition: z.string(),
  parentNode: UrnSchema.optional(),
  termSource: z.string(),
  sourceRef: z.string().optional(),
  sourceUrl: z.string().optional(),
  rawSchema: z.string().optional(),
});
export type GlossaryTermInfo = z.infer<typeof GlossaryTermInfoSchema>;
