// Owns the datasetProperties aspect schema, following metadata-models/src/main/pegasus/com/linkedin/dataset/DatasetProperties.pdl (which includes CustomProperties and ExternalReference).
import { z } from 'zod';
import { customPropertiesShape, externalReferenceShape, TimeStampSchema } from './common.js';

export const DatasetPropertiesSchema = z.strictObject({
  ...customPropertiesShape,
  ...externalReferenceShape,
  name: z.string().optional(),
  qualifiedName: z.string().optional(),
  description: z.string().optional(),
  /** Deprecated in favour of externalUrl; a `Uri` typeref, kept as a plain string. */
  uri: z.string().optional(),
  created: TimeStampSchema.optional(),
  lastModified: TimeStampSchema.optional(),
  /** Deprecated legacy tags; PDL default `[]`, not filled in when absent. */
  tags: z.array(z.string()).optional(),
});
export type DatasetProperties = z.infer<typeof DatasetPropertiesSchema>;
