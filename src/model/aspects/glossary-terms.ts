// Owns the glossaryTerms aspect schema (also embedded in schema fields), following metadata-models/src/main/pegasus/com/linkedin/common/GlossaryTerms.pdl.
import { z } from 'zod';
import { AuditStampSchema, GlossaryTermAssociationSchema } from './common.js';

export const GlossaryTermsSchema = z.strictObject({
  terms: z.array(GlossaryTermAssociationSchema),
  auditStamp: AuditStampSchema,
});
export type GlossaryTerms = z.infer<typeof GlossaryTermsSchema>;
