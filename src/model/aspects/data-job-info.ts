// Owns the dataJobInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/datajob/DataJobInfo.pdl (which includes CustomProperties and ExternalReference).
import { z } from 'zod';
import {
  customPropertiesShape,
  externalReferenceShape,
  FabricTypeSchema,
  pegasusUnion,
  TimeStampSchema,
  UrnSchema,
} from './common.js';

/** com.linkedin.datajob.azkaban.AzkabanJobType (deprecated; plain strings are preferred). */
export const AzkabanJobTypeSchema = z.enum(['COMMAND', 'HADOOP_JAVA', 'HADOOP_SHELL', 'HIVE', 'PIG', 'SQL', 'GLUE']);

/** com.linkedin.datajob.JobStatus (deprecated in favour of DataProcessInstance). */
export const JobStatusSchema = z.enum([
  'STARTING',
  'IN_PROGRESS',
  'STOPPING',
  'STOPPED',
  'COMPLETED',
  'FAILED',
  'UNKNOWN',
  'SKIPPED',
]);

export const DataJobInfoSchema = z.strictObject({
  ...customPropertiesShape,
  ...externalReferenceShape,
  name: z.string(),
  description: z.string().optional(),
  /** union[AzkabanJobType, string], e.g. `{"string": "SQL"}`. */
  type: pegasusUnion({
    'com.linkedin.datajob.azkaban.AzkabanJobType': AzkabanJobTypeSchema,
    string: z.string(),
  }),
  flowUrn: UrnSchema.optional(),
  created: TimeStampSchema.optional(),
  lastModified: TimeStampSchema.optional(),
  /** Deprecated. */
  status: JobStatusSchema.optional(),
  env: FabricTypeSchema.optional(),
});
export type DataJobInfo = z.infer<typeof DataJobInfoSchema>;
