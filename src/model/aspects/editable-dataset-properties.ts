// Owns the editableDatasetProperties aspect schema (edits made in the UI or SDK), following metadata-models/src/main/pegasus/com/linkedin/dataset/EditableDatasetProperties.pdl.
import { z } from 'zod';
import { AuditStampSchema } from './common.js';

export const EditableDatasetPropertiesSchema = z.strictObject({
  /** PDL default: time 0 by urn:li:corpuser:unknown; not filled in when absent. */
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  deleted: AuditStampSchema.optional(),
  description: z.string().optional(),
  name: z.string().optional(),
});
export type EditableDatasetProperties = z.infer<typeof EditableDatasetPropertiesSchema>;
