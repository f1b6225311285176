// Owns the institutionalMemory aspect schema (links with descriptions), following metadata-models/src/main/pegasus/com/linkedin/common/InstitutionalMemory.pdl and InstitutionalMemoryMetadata.pdl.
import { z } from 'zod';
import { AuditStampSchema } from './common.js';

/** com.linkedin.common.InstitutionalMemoryMetadataSettings. */
export const InstitutionalMemoryMetadataSettingsSchema = z.strictObject({
  /** PDL default `false`; not filled in when absent. */
  showInAssetPreview: z.boolean().optional(),
});

/** com.linkedin.common.InstitutionalMemoryMetadata: one link. */
export const InstitutionalMemoryMetadataSchema = z.strictObject({
  url: z.string(),
  description: z.string(),
  createStamp: AuditStampSchema,
  updateStamp: AuditStampSchema.optional(),
  settings: InstitutionalMemoryMetadataSettingsSchema.optional(),
});
export type InstitutionalMemoryMetadata = z.infer<typeof InstitutionalMemoryMetadataSchema>;

export const InstitutionalMemorySchema = z.strictObject({
  elements: z.array(InstitutionalMemoryMetadataSchema),
});
export type InstitutionalMemory = z.infer<typeof InstitutionalMemorySchema>;
