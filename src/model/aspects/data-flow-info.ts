// Owns the dataFlowInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/datajob/DataFlowInfo.pdl (which includes CustomProperties and ExternalReference).
import { z } from 'zod';
import { customPropertiesShape, externalReferenceShape, FabricTypeSchema, TimeStampSchema } from './common.js';

export const DataFlowInfoSchema = z.strictObject({
  ...customPropertiesShape,
  ...externalReferenceShape,
  name: z.string(),
  description: z.string().optional(),
  project: z.string().optional(),
  created: TimeStampSchema.optional(),
  lastModified: TimeStampSchema.optional(),
  env: FabricTypeSchema.optional(),
});
export type DataFlowInfo = z.infer<typeof DataFlowInfoSchema>;
