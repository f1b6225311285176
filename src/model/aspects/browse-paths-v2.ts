// Owns the browsePathsV2 aspect schema and its BrowsePathEntry record, following metadata-models/src/main/pegasus/com/linkedin/common/BrowsePathsV2.pdl and BrowsePathEntry.pdl.
import { z } from 'zod';
import { UrnSchema } from './common.js';

/** com.linkedin.common.BrowsePathEntry: one level of a browse path. */
export const BrowsePathEntrySchema = z.strictObject({
  id: z.string(),
  urn: UrnSchema.optional(),
});
export type BrowsePathEntry = z.infer<typeof BrowsePathEntrySchema>;

export const BrowsePathsV2Schema = z.strictObject({
  path: z.array(BrowsePathEntrySchema),
});
export type BrowsePathsV2 = z.infer<typeof BrowsePathsV2Schema>;
