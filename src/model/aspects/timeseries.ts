// Owns the schemas of the time-series aspects connectors send, following metadata-models/src/main/pegasus/com/linkedin/
// timeseries/TimeseriesAspectBase.pdl and the records that include it (dataset/DatasetProfile, dataset/
// DatasetUsageStatistics, common/Operation, assertion/AssertionRunEvent, datajob/datahub/DatahubIngestionCheckpoint and
// DatahubIngestionRunSummary, chart/ChartUsageStatistics, dashboard/DashboardUsageStatistics, dataprocess/
// DataProcessInstanceRunEvent). The fields Tessera reads are typed; the records' many optional statistics are kept as
// written (loose objects), under the limits every aspect has.
import { z } from 'zod';
import { IntSchema, LongSchema, UrnSchema } from './common.js';

/** com.linkedin.timeseries.TimeseriesAspectBase: what every point has. */
const base = {
  timestampMillis: LongSchema.nonnegative(),
  eventGranularity: z.strictObject({ unit: z.enum(['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR']), multiple: IntSchema.optional() }).optional(),
  partitionSpec: z.looseObject({ type: z.enum(['FULL_TABLE', 'QUERY', 'PARTITION']).optional(), partition: z.string(), timePartition: z.looseObject({ startTimeMillis: LongSchema, length: z.looseObject({}) }).optional() }).optional(),
  messageId: z.string().optional(),
};

const DatasetFieldProfileSchema = z.looseObject({
  fieldPath: z.string(),
  uniqueCount: LongSchema.optional(),
  uniqueProportion: z.number().optional(),
  nullCount: LongSchema.optional(),
  nullProportion: z.number().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
  mean: z.string().optional(),
  median: z.string().optional(),
  stdev: z.string().optional(),
  sampleValues: z.array(z.string()).optional(),
});

export const DatasetProfileSchema = z.looseObject({
  ...base,
  rowCount: LongSchema.optional(),
  columnCount: LongSchema.optional(),
  sizeInBytes: LongSchema.optional(),
  fieldProfiles: z.array(DatasetFieldProfileSchema).optional(),
});

const usage = {
  uniqueUserCount: IntSchema.optional(),
  userCounts: z.array(z.looseObject({ user: UrnSchema, count: IntSchema.optional(), viewsCount: IntSchema.optional(), userEmail: z.string().optional() })).optional(),
};

export const DatasetUsageStatisticsSchema = z.looseObject({
  ...base,
  ...usage,
  totalSqlQueries: IntSchema.optional(),
  topSqlQueries: z.array(z.string()).optional(),
  fieldCounts: z.array(z.looseObject({ fieldPath: z.string(), count: IntSchema })).optional(),
});

export const OperationSchema = z.looseObject({
  ...base,
  actor: UrnSchema.optional(),
  operationType: z.string(),
  customOperationType: z.string().optional(),
  numAffectedRows: LongSchema.optional(),
  affectedDatasets: z.array(UrnSchema).optional(),
  sourceType: z.string().optional(),
  lastUpdatedTimestamp: LongSchema,
  queries: z.array(UrnSchema).optional(),
  customProperties: z.record(z.string(), z.string()).optional(),
});

export const AssertionRunEventSchema = z.looseObject({
  ...base,
  runId: z.string(),
  assertionUrn: UrnSchema,
  asserteeUrn: UrnSchema,
  status: z.string(),
  result: z.looseObject({ type: z.string(), nativeResults: z.record(z.string(), z.string()).optional() }).optional(),
});

export const DatahubIngestionCheckpointSchema = z.looseObject({
  ...base,
  pipelineName: z.string(),
  platformInstanceId: z.string(),
  config: z.string(),
  state: z.looseObject({ formatVersion: z.string(), serde: z.string() }),
  runId: z.string(),
});

export const DatahubIngestionRunSummarySchema = z.looseObject({
  ...base,
  pipelineName: z.string(),
  platformInstanceId: z.string(),
  runId: z.string(),
  runStatus: z.string(),
});

export const ContentUsageStatisticsSchema = z.looseObject({ ...base, ...usage, viewsCount: IntSchema.optional(), favoritesCount: IntSchema.optional() });

export const DataProcessInstanceRunEventSchema = z.looseObject({
  ...base,
  status: z.string(),
  attempt: IntSchema.optional(),
  result: z.looseObject({ type: z.string(), nativeResultType: z.string() }).optional(),
  durationMillis: LongSchema.optional(),
});

/** Every time-series aspect's schema by name (a registered time-series aspect not listed here has the base only). */
export const timeseriesSchemas: Record<string, z.ZodType> = {
  datasetProfile: DatasetProfileSchema,
  datasetUsageStatistics: DatasetUsageStatisticsSchema,
  operation: OperationSchema,
  assertionRunEvent: AssertionRunEventSchema,
  datahubIngestionCheckpoint: DatahubIngestionCheckpointSchema,
  datahubIngestionRunSummary: DatahubIngestionRunSummarySchema,
  chartUsageStatistics: ContentUsageStatisticsSchema,
  dashboardUsageStatistics: ContentUsageStatisticsSchema,
  dataProcessInstanceRunEvent: DataProcessInstanceRunEventSchema,
};

export const TimeseriesBaseSchema = z.looseObject(base);
