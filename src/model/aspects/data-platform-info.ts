// Owns the dataPlatformInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/dataplatform/DataPlatformInfo.pdl.
import { z } from 'zod';

/** com.linkedin.dataplatform.PlatformType. */
export const PlatformTypeSchema = z.enum([
  'FILE_SYSTEM',
  'KEY_VALUE_STORE',
  'MESSAGE_BROKER',
  'OBJECT_STORE',
  'OLAP_DATASTORE',
  'OTHERS',
  'QUERY_ENGINE',
  'RELATIONAL_DB',
  'SEARCH_ENGINE',
]);
export type PlatformType = z.infer<typeof PlatformTypeSchema>;

export const DataPlatformInfoSchema = z.strictObject({
  name: z.string(),
  displayName: z.string().optional(),
  type: PlatformTypeSchema,
  datasetNameDelimiter: z.string(),
  logical: z.boolean().optional(),
  logoUrl: z.string().optional(),
});
export type DataPlatformInfo = z.infer<typeof DataPlatformInfoSchema>;
