/**
 * Assertions as the original's clients reach them from outside: the assertions of a dataset (one search of the
 * assertion index by the registry's `asserts` field), a custom assertion's definition, one run's reported result, and
 * the runs Tessera cannot make (it evaluates no assertion: the systems that do report their results).
 */
import type { GraphQLResolveInfo } from 'graphql';
import { validationError } from '../../errors.js';
import { reportAssertionResult, type AssertionResultInput } from '../../catalog/assertions/report-assertion-result.js';
import { upsertCustomAssertion, type UpsertCustomAssertionInput } from '../../catalog/assertions/upsert-custom-assertion.js';
import { countOf, searchEntities } from '../../catalog/search/search-entities.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { selectsField } from '../selects.js';
import { stringMapOf, type StringMapEntryInput } from './report-operation.js';

/** The original's page of a dataset's assertions when none is asked for. */
const DEFAULT_COUNT = 200;
const SEVERITIES = new Set(['LOW', 'MEDIUM', 'HIGH']);

interface AssertionsArgs {
  start?: number | null;
  count?: number | null;
  includeSoftDeleted?: boolean | null;
}

async function assertions(ref: EntityRef, args: AssertionsArgs, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const page = await searchEntities(ctx.services, {
    types: ['ASSERTION'],
    query: '*',
    orFilters: [{ and: [{ field: 'asserts', condition: 'EQUAL', values: [ref.urn], negated: false }] }],
    includeSoftDeleted: args.includeSoftDeleted === true,
    sort: [{ field: 'urn', sortOrder: 'ASCENDING' }],
    start: args.start,
    count: countOf(ctx.services, args.count, DEFAULT_COUNT),
    withDocuments: selectsField(info, 'assertions'),
  });
  if (page.documents) ctx.loader.prime(page.documents);
  return { start: page.start, count: page.urns.length, total: page.total, assertions: page.urns.map(refOf) };
}

type UpsertArgs = { urn?: string | null; input: Omit<UpsertCustomAssertionInput, 'urn' | 'nativeParameters' | 'actor' | 'waitForSearch'> & { nativeParameters?: StringMapEntryInput[] | null } };
type ReportArgs = { urn: string; result: Omit<AssertionResultInput, 'properties'> & { properties?: StringMapEntryInput[] | null } };

/** Adds `multiple` calendar units to a time, in UTC: a month or a year is as long as the calendar makes it from there. */
function plus(time: number, unit: string, multiple: number): number | undefined {
  const d = new Date(time);
  const fixed: Record<string, number> = { SECOND: 1_000, MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000, WEEK: 604_800_000 };
  if (unit in fixed) return time + fixed[unit] * multiple;
  const months: Record<string, number> = { MONTH: 1, QUARTER: 3, YEAR: 12 };
  if (!(unit in months)) return undefined;
  return d.setUTCMonth(d.getUTCMonth() + months[unit] * multiple);
}

/** A stored time partition ({startTimeMillis, length: {unit, multiple}}) as a start and a duration; null when unreadable. */
function timeWindowOf(v: unknown) {
  const w = v as { startTimeMillis?: unknown; length?: { unit?: unknown; multiple?: unknown } } | null | undefined;
  if (!w || typeof w.startTimeMillis !== 'number' || typeof w.length?.unit !== 'string') return null;
  const multiple = typeof w.length.multiple === 'number' ? w.length.multiple : 1;
  const end = plus(w.startTimeMillis, w.length.unit, multiple);
  return end === undefined ? null : { startTimeMillis: w.startTimeMillis, durationMillis: end - w.startTimeMillis };
}

const refuseRun = () => {
  throw validationError('Tessera does not run assertions: the system that evaluates an assertion reports each run with reportAssertionResult');
};

export const assertionRunResolvers = {
  Dataset: { assertions },
  PartitionSpec: { timePartition: (spec: { timePartition?: unknown }) => timeWindowOf(spec.timePartition) },
  AssertionResult: {
    // A stored value outside the enum (written through another interface) is not presented.
    severity: (result: { severity?: unknown }) => (typeof result.severity === 'string' && SEVERITIES.has(result.severity) ? result.severity : null),
  },
  Mutation: {
    upsertCustomAssertion: async (_: unknown, { urn, input }: UpsertArgs, ctx: GraphqlContext) => {
      const nativeParameters = stringMapOf(input.nativeParameters, 'nativeParameters');
      const written = await upsertCustomAssertion(ctx.services, { ...input, urn, nativeParameters, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(written);
      return refOf(written);
    },
    reportAssertionResult: async (_: unknown, { urn, result }: ReportArgs, ctx: GraphqlContext) => {
      const properties = stringMapOf(result.properties, 'properties');
      await reportAssertionResult(ctx.services, { assertionUrn: urn, result: { ...result, properties }, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      return true;
    },
    runAssertion: refuseRun,
    runAssertions: refuseRun,
    runAssertionsForAsset: refuseRun,
  },
};
