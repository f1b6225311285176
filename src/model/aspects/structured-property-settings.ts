// Owns the structuredPropertySettings aspect schema, following metadata-models/src/main/pegasus/com/linkedin/structured/StructuredPropertySettings.pdl.
import { z } from 'zod';
import { AuditStampSchema } from './common.js';

/** Every boolean here has PDL default `false`; none is filled in when absent. */
export const StructuredPropertySettingsSchema = z.strictObject({
  isHidden: z.boolean().optional(),
  showInSearchFilters: z.boolean().optional(),
  showInAssetSummary: z.boolean().optional(),
  hideInAssetSummaryWhenEmpty: z.boolean().optional(),
  showAsAssetBadge: z.boolean().optional(),
  showInColumnsTable: z.boolean().optional(),
  lastModified: AuditStampSchema.optional(),
});
export type StructuredPropertySettings = z.infer<typeof StructuredPropertySettingsSchema>;
