// Owns the editableSchemaMetadata aspect schema and its EditableSchemaFieldInfo records, following metadata-models/src/main/pegasus/com/linkedin/schema/EditableSchemaMetadata.pdl and EditableSchemaFieldInfo.pdl.
import { z } from 'zod';
import { AuditStampSchema } from './common.js';
import { GlobalTagsSchema } from './global-tags.js';
import { GlossaryTermsSchema } from './glossary-terms.js';

/** com.linkedin.schema.EditableSchemaFieldInfo: UI edits to one schema field. */
export const EditableSchemaFieldInfoSchema = z.strictObject({
  fieldPath: z.string(),
  description: z.string().optional(),
  globalTags: GlobalTagsSchema.optional(),
  glossaryTerms: GlossaryTermsSchema.optional(),
});
export type EditableSchemaFieldInfo = z.infer<typeof EditableSchemaFieldInfoSchema>;

export const EditableSchemaMetadataSchema = z.strictObject({
  // ChangeAuditStamps (created/lastModified carry PDL defaults; not filled in when absent)
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  deleted: AuditStampSchema.optional(),
  editableSchemaFieldInfo: z.array(EditableSchemaFieldInfoSchema),
});
export type EditableSchemaMetadata = z.infer<typeof EditableSchemaMetadataSchema>;
