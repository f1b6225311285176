/**
 * Time-series point values (as written, src/model/aspects/timeseries.ts) in the original's GraphQL shapes: maps become
 * key/value lists, a few fields are renamed or moved, and values outside an enum the original declares are presented
 * as it would (a nullable enum: null; an operation's kind: CUSTOM, named by customOperationType).
 */
import type { z } from 'zod';
import type { DatasetUsageStatisticsSchema } from '../../model/aspects/timeseries.js';
import type { UsageTotals } from '../../catalog/timeseries/usage-aggregation.js';
import { refOf } from '../entity-loader.js';

type Obj = Record<string, unknown>;
export type UsagePoint = z.infer<typeof DatasetUsageStatisticsSchema>;

const objectOf = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const entriesOf = (v: unknown) => {
  const o = objectOf(v);
  return o ? Object.entries(o).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })) : null;
};
const oneOf = (allowed: readonly string[], v: unknown): string | null => (typeof v === 'string' && allowed.includes(v) ? v : null);

const OPERATION_TYPES = ['INSERT', 'UPDATE', 'DELETE', 'CREATE', 'ALTER', 'DROP', 'UNKNOWN', 'CUSTOM'];
const OPERATION_SOURCES = ['DATA_PROCESS', 'DATA_PLATFORM'];
const WINDOWS = ['DAY', 'WEEK', 'MONTH', 'YEAR'];
const RUN_STATES = ['STARTED', 'COMPLETE'];
const RUN_RESULTS = ['SUCCESS', 'FAILURE', 'SKIPPED', 'UP_FOR_RETRY'];

function partitionSpecOf(v: unknown) {
  const p = objectOf(v);
  // timePartition as written: PartitionSpec.timePartition presents it (assertion-runs.ts).
  return p ? { type: p.type ?? 'PARTITION', partition: p.partition ?? null, timePartition: p.timePartition ?? null } : null;
}

export const toDatasetProfile = (e: Obj) => ({ ...e, partitionSpec: partitionSpecOf(e.partitionSpec) });

export function toOperation(e: Obj) {
  const known = oneOf(OPERATION_TYPES, e.operationType);
  return {
    ...e,
    operationType: known ?? 'CUSTOM',
    customOperationType: e.customOperationType ?? (known ? null : e.operationType),
    sourceType: oneOf(OPERATION_SOURCES, e.sourceType),
    partition: objectOf(e.partitionSpec)?.partition ?? null,
    customProperties: entriesOf(e.customProperties),
  };
}

export function toAssertionRunEvent(e: Obj, systemMetadata: Obj | undefined) {
  const result = objectOf(e.result);
  const batch = objectOf(e.batchSpec);
  return {
    ...e,
    lastObservedMillis: systemMetadata?.lastObserved ?? null,
    partitionSpec: partitionSpecOf(e.partitionSpec),
    runtimeContext: entriesOf(e.runtimeContext),
    batchSpec: batch ? { ...batch, customProperties: entriesOf(batch.customProperties) } : null,
    result: result ? { ...result, type: result.type, nativeResults: entriesOf(result.nativeResults) } : null,
  };
}

export function toRunStateEvent(e: Obj) {
  const result = objectOf(e.result);
  return {
    timestampMillis: e.timestampMillis,
    status: oneOf(RUN_STATES, e.status),
    attempt: e.attempt ?? null,
    durationMillis: e.durationMillis ?? null,
    result: result ? { resultType: oneOf(RUN_RESULTS, result.type), nativeResultType: result.nativeResultType ?? null } : null,
  };
}

/** Users (as CorpUser entities) and columns (fieldName) of a point or of the totals. */
export function toUsageCounts(u: { users?: UsageTotals['users']; userCounts?: UsagePoint['userCounts']; fields?: UsageTotals['fields']; fieldCounts?: UsagePoint['fieldCounts'] }) {
  return {
    users: (u.users ?? u.userCounts ?? []).map((c) => ({ user: refOf(c.user), count: c.count ?? null, userEmail: c.userEmail ?? null })),
    fields: (u.fields ?? u.fieldCounts ?? []).map((f) => ({ fieldName: f.fieldPath, count: f.count })),
  };
}

/** One usage point as a bucket of the original's usage query. */
export function toUsageBucket(urn: string, e: UsagePoint) {
  return {
    bucket: e.timestampMillis,
    duration: (e.eventGranularity?.multiple ?? 1) === 1 ? oneOf(WINDOWS, e.eventGranularity?.unit) : null,
    resource: urn,
    metrics: { uniqueUserCount: e.uniqueUserCount ?? null, totalSqlQueries: e.totalSqlQueries ?? null, topSqlQueries: e.topSqlQueries ?? null, ...toUsageCounts(e) },
  };
}
