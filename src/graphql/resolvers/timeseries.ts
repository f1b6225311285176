/**
 * GraphQL adapters of time-series points, in the original's shapes: a dataset's profiles, operations, usage and usage
 * summary, an assertion's runs, a run's state changes. Each field is one readPoints call; the point values are
 * presented by timeseries-shapes.ts. Without a limit a field reads every point of its window (up to MAX_COUNT), as the
 * original's do, and is costed so (query-cost.ts, READS_WHOLE_WINDOW).
 */
import { validationError } from '../../errors.js';
import { readPoints, type PointCriterion } from '../../catalog/timeseries/read-points.js';
import { aggregateUsage } from '../../catalog/timeseries/usage-aggregation.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { READS_WHOLE_WINDOW } from '../query-cost.js';
import { toAssertionRunEvent, toDatasetProfile, toOperation, toRunStateEvent, toUsageBucket, toUsageCounts, type UsagePoint } from './timeseries-shapes.js';

interface FacetFilter {
  field: string;
  value?: string | null;
  values?: string[] | null;
  negated?: boolean | null;
  condition?: string | null;
}

interface WindowArgs {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
  filter?: { and: FacetFilter[] } | null;
  limit?: number | null;
}

const DAY = 86_400_000;
/** How far back each TimeRange reaches from now; ALL: no start. */
const RANGE_DAYS: Record<string, number | undefined> = { DAY: 1, WEEK: 7, MONTH: 30, QUARTER: 90, YEAR: 365, ALL: undefined };

/** Long arrives unparsed (the scalar takes any JSON): a time must be a whole number of milliseconds. */
function timeArg(name: string, v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw validationError(`${name} must be milliseconds since the epoch (a whole number from 0), got ${JSON.stringify(v)}`);
  return v;
}

/** The filter's criteria, plus those the field adds, as readPoints takes them (one group: they must all hold). */
function criteriaOf(filter: WindowArgs['filter'], extra: PointCriterion[] = []): PointCriterion[][] | undefined {
  const given = (filter?.and ?? []).map((c): PointCriterion => {
    const values = c.values ?? (c.value != null ? [c.value] : []);
    return { field: c.field, values, condition: c.condition ?? undefined, negated: c.negated ?? undefined };
  });
  const all = [...given, ...extra];
  return all.length > 0 ? [all] : undefined;
}

async function pointsOf(ctx: GraphqlContext, ref: EntityRef, aspect: string, args: WindowArgs, extra?: PointCriterion[]) {
  const startTimeMillis = timeArg('startTimeMillis', args.startTimeMillis);
  const endTimeMillis = timeArg('endTimeMillis', args.endTimeMillis);
  if (startTimeMillis !== undefined && endTimeMillis !== undefined && startTimeMillis > endTimeMillis) throw validationError('startTimeMillis must not be after endTimeMillis');
  const page = await readPoints(ctx.services, ctx.actor, {
    entityType: ref.entityType,
    aspect,
    urn: ref.urn,
    startTimeMillis,
    endTimeMillis,
    limit: args.limit ?? undefined,
    filter: criteriaOf(args.filter, extra),
  });
  return page.points;
}

type Resolve<A> = (ref: EntityRef, args: A, ctx: GraphqlContext) => unknown;
/** A field reading a window of points: its resolver, and the cost of a whole window when no limit is asked for. */
const windowField = <A>(resolve: Resolve<A>) => ({ resolve, extensions: READS_WHOLE_WINDOW });

const datasetProfiles = windowField<WindowArgs>(async (ref, args, ctx) => (await pointsOf(ctx, ref, 'datasetProfile', args)).map((p) => toDatasetProfile(p.event)));

const operations = windowField<WindowArgs>(async (ref, args, ctx) => (await pointsOf(ctx, ref, 'operation', args)).map((p) => toOperation(p.event)));

/** The dataset's usage points of the last `days` (all of them: undefined), newest first, and their totals. */
async function usageOf(ctx: GraphqlContext, ref: EntityRef, days: number | undefined) {
  const points = await pointsOf(ctx, ref, 'datasetUsageStatistics', { startTimeMillis: days === undefined ? undefined : Date.now() - days * DAY });
  // Written through DatasetUsageStatisticsSchema (catalog/timeseries/points.ts), so each value has its shape.
  const events = points.map((p) => p.event as UsagePoint);
  return { points, events, totals: aggregateUsage(events) };
}

const usageStats = windowField<{ resource?: string | null; range?: string | null }>(async (ref, { range }, ctx) => {
  const { points, events, totals } = await usageOf(ctx, ref, RANGE_DAYS[range ?? 'MONTH']);
  return {
    buckets: points.map((p, i) => toUsageBucket(p.urn, events[i])),
    aggregations: { uniqueUserCount: totals.uniqueUserCount, totalSqlQueries: totals.totalSqlQueries, ...toUsageCounts(totals) },
  };
});

/** How many users statsSummary names, as the original's does. */
const TOP_USERS = 5;

const statsSummary = windowField<unknown>(async (ref, _args, ctx) => {
  const { totals } = await usageOf(ctx, ref, 30);
  return {
    queryCountLast30Days: totals.totalSqlQueries,
    uniqueUserCountLast30Days: totals.uniqueUserCount,
    topUsersLast30Days: totals.users.slice(0, TOP_USERS).map((u) => refOf(u.user)),
  };
});

const runEvents = windowField<WindowArgs & { status?: string | null }>(async (ref, args, ctx) => {
  const points = await pointsOf(ctx, ref, 'assertionRunEvent', args, args.status ? [{ field: 'status', values: [args.status] }] : []);
  const events = points.map((p) => toAssertionRunEvent(p.event, p.systemMetadata));
  const counted = (type: string) => events.filter((e) => e.result?.type === type).length;
  return { total: events.length, failed: counted('FAILURE'), succeeded: counted('SUCCESS'), errored: counted('ERROR'), runEvents: events };
});

const state = windowField<WindowArgs>(async (ref, args, ctx) => (await pointsOf(ctx, ref, 'dataProcessInstanceRunEvent', args)).map((p) => toRunStateEvent(p.event)));

export const timeseriesResolvers = {
  Dataset: { datasetProfiles, operations, usageStats, statsSummary },
  Assertion: { runEvents },
  DataProcessInstance: { state },
};
