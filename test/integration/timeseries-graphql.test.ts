/**
 * Time-series points through GraphQL in the original's shapes: a dataset's datasetProfiles, operations, usageStats
 * and statsSummary, an assertion's runEvents, a run's state — points written through the wire, read newest first,
 * windowed, limited and filtered; bad arguments refused with a GraphQL error naming them; a window without a limit
 * costed as a whole one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,tsgql.orders,PROD)';
const ASSERTION = 'urn:li:assertion:tsgql-rows';
const RUN = 'urn:li:dataProcessInstance:tsgql-run-1';
const DAY = 86_400_000;
// Usage is asked for relative to now (range: WEEK …), so the points are days before today.
const NOW = Math.floor(Date.now() / DAY) * DAY;
const T0 = Date.UTC(2026, 0, 10);
let app: TestApp;

const proposal = (entityUrn: string, aspectName: string, value: unknown, systemMetadata?: Record<string, unknown>) => ({
  entityType: entityUrn.split(':')[2],
  entityUrn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  ...(systemMetadata && { systemMetadata }),
});

const profile = (day: number, rowCount: number) => ({
  timestampMillis: T0 + day * DAY,
  rowCount,
  columnCount: 2,
  partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
  fieldProfiles: [{ fieldPath: 'id', nullCount: 0, uniqueCount: rowCount }, { fieldPath: 'email', nullCount: day, nullProportion: day / rowCount }],
});
const usage = (daysAgo: number, users: [string, number][], fields: [string, number][], total: number) => ({
  timestampMillis: NOW - daysAgo * DAY,
  eventGranularity: { unit: 'DAY', multiple: 1 },
  uniqueUserCount: users.length,
  totalSqlQueries: total,
  topSqlQueries: [`select * from orders -- ${daysAgo}`],
  userCounts: users.map(([u, count]) => ({ user: `urn:li:corpuser:${u}`, count, userEmail: `${u}@example.com` })),
  fieldCounts: fields.map(([fieldPath, count]) => ({ fieldPath, count })),
});
const runEvent = (minute: number, type: string) => ({
  timestampMillis: T0 + minute * 60_000,
  runId: `run-${minute}`,
  assertionUrn: ASSERTION,
  asserteeUrn: DS,
  status: 'COMPLETE',
  batchSpec: { nativeBatchId: `batch-${minute}`, customProperties: { engine: 'ge' } },
  result: { type, rowCount: 100 + minute, nativeResults: { observed: String(minute) } },
});

beforeAll(async () => {
  app = await startTestApp('timeseries-graphql');
  const res = await app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
    async: 'false',
    proposals: [
      proposal(DS, 'datasetProperties', { name: 'orders', customProperties: {} }),
      ...[0, 1, 2, 3].map((d) => proposal(DS, 'datasetProfile', profile(d, 100 + 10 * d))),
      proposal(DS, 'operation', { timestampMillis: T0, lastUpdatedTimestamp: T0 - 5, operationType: 'INSERT', sourceType: 'DATA_PLATFORM', numAffectedRows: 40, actor: 'urn:li:corpuser:etl', customProperties: { job: 'nightly' } }),
      proposal(DS, 'operation', { timestampMillis: T0 + DAY, lastUpdatedTimestamp: T0 + DAY, operationType: 'VACUUM', partitionSpec: { partition: '2026-01-11' } }),
      proposal(DS, 'datasetUsageStatistics', usage(1, [['ann', 3], ['bob', 1]], [['id', 4], ['email', 1]], 4)),
      proposal(DS, 'datasetUsageStatistics', usage(3, [['ann', 2]], [['id', 2]], 2)),
      // Outside a week, inside a month.
      proposal(DS, 'datasetUsageStatistics', usage(20, [['cid', 7]], [['email', 7]], 7)),
      proposal(ASSERTION, 'assertionInfo', { type: 'DATASET', datasetAssertion: { dataset: DS, scope: 'DATASET_ROWS', operator: 'BETWEEN' } }),
      proposal(ASSERTION, 'assertionRunEvent', runEvent(0, 'SUCCESS'), { lastObserved: T0 + 1 }),
      proposal(ASSERTION, 'assertionRunEvent', runEvent(1, 'FAILURE')),
      proposal(ASSERTION, 'assertionRunEvent', runEvent(2, 'ERROR')),
      proposal(ASSERTION, 'assertionRunEvent', runEvent(3, 'SUCCESS')),
      proposal(RUN, 'dataProcessInstanceProperties', { name: 'run 1', created: { time: T0, actor: 'urn:li:corpuser:etl' } }),
      proposal(RUN, 'dataProcessInstanceRunEvent', { timestampMillis: T0, status: 'STARTED', attempt: 1 }),
      proposal(RUN, 'dataProcessInstanceRunEvent', { timestampMillis: T0 + 60_000, status: 'COMPLETE', attempt: 1, durationMillis: 60_000, result: { type: 'SUCCESS', nativeResultType: 'success' } }),
    ],
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(() => app?.close());

describe('Dataset.datasetProfiles', () => {
  it('answers the profiles newest first in the original shape, a window and a limit', async () => {
    const all = await graphqlData(app, `query p($urn: String!) { dataset(urn: $urn) { datasetProfiles {
      timestampMillis rowCount columnCount sizeInBytes partitionSpec { type partition }
      fieldProfiles { fieldPath nullCount nullProportion uniqueCount } } } }`, { urn: DS });
    const profiles = all.dataset.datasetProfiles;
    expect(profiles.map((p: { rowCount: number }) => p.rowCount)).toEqual([130, 120, 110, 100]);
    expect(profiles[0]).toEqual({
      timestampMillis: T0 + 3 * DAY, rowCount: 130, columnCount: 2, sizeInBytes: null, partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
      fieldProfiles: [{ fieldPath: 'id', nullCount: 0, nullProportion: null, uniqueCount: 130 }, { fieldPath: 'email', nullCount: 3, nullProportion: 3 / 130, uniqueCount: null }],
    });
    const windowed = await graphqlData(app, `query p($urn: String!, $s: Long, $e: Long) { dataset(urn: $urn) { datasetProfiles(startTimeMillis: $s, endTimeMillis: $e) { rowCount } } }`, { urn: DS, s: T0 + DAY, e: T0 + 2 * DAY });
    expect(windowed.dataset.datasetProfiles).toEqual([{ rowCount: 120 }, { rowCount: 110 }]);
    const latest = await graphqlData(app, `{ dataset(urn: "${DS}") { datasetProfiles(limit: 1) { timestampMillis rowCount } } }`);
    expect(latest.dataset.datasetProfiles).toEqual([{ timestampMillis: T0 + 3 * DAY, rowCount: 130 }]);
    const filtered = await graphqlData(app, `{ dataset(urn: "${DS}") { datasetProfiles(filter: { and: [{ field: "rowCount", values: ["110", "130"] }] }) { rowCount } } }`);
    expect(filtered.dataset.datasetProfiles).toEqual([{ rowCount: 130 }, { rowCount: 110 }]);
  });
});

describe('Dataset.operations', () => {
  it('answers operations newest first; a kind the original does not name is CUSTOM with its name', async () => {
    const data = await graphqlData(app, `{ dataset(urn: "${DS}") { operations {
      timestampMillis actor operationType customOperationType sourceType numAffectedRows lastUpdatedTimestamp partition customProperties { key value } } } }`);
    expect(data.dataset.operations).toEqual([
      { timestampMillis: T0 + DAY, actor: null, operationType: 'CUSTOM', customOperationType: 'VACUUM', sourceType: null, numAffectedRows: null, lastUpdatedTimestamp: T0 + DAY, partition: '2026-01-11', customProperties: null },
      { timestampMillis: T0, actor: 'urn:li:corpuser:etl', operationType: 'INSERT', customOperationType: null, sourceType: 'DATA_PLATFORM', numAffectedRows: 40, lastUpdatedTimestamp: T0 - 5, partition: null, customProperties: [{ key: 'job', value: 'nightly' }] },
    ]);
    const one = await graphqlData(app, `{ dataset(urn: "${DS}") { operations(limit: 1, endTimeMillis: ${T0}) { operationType } } }`);
    expect(one.dataset.operations).toEqual([{ operationType: 'INSERT' }]);
  });
});

describe('Dataset.usageStats', () => {
  const USAGE = `query u($urn: String!, $range: TimeRange) { dataset(urn: $urn) { usageStats(range: $range) {
    buckets { bucket duration resource metrics { uniqueUserCount totalSqlQueries topSqlQueries users { user { urn username } count userEmail } fields { fieldName count } } }
    aggregations { uniqueUserCount totalSqlQueries users { user { urn } count } fields { fieldName count } } } } }`;

  it('gives each usage point in the range as a bucket and sums users and columns across them', async () => {
    const week = (await graphqlData(app, USAGE, { urn: DS, range: 'WEEK' })).dataset.usageStats;
    expect(week.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([NOW - DAY, NOW - 3 * DAY]);
    expect(week.buckets[0]).toEqual({
      bucket: NOW - DAY, duration: 'DAY', resource: DS,
      metrics: {
        uniqueUserCount: 2, totalSqlQueries: 4, topSqlQueries: ['select * from orders -- 1'],
        users: [{ user: { urn: 'urn:li:corpuser:ann', username: 'ann' }, count: 3, userEmail: 'ann@example.com' }, { user: { urn: 'urn:li:corpuser:bob', username: 'bob' }, count: 1, userEmail: 'bob@example.com' }],
        fields: [{ fieldName: 'id', count: 4 }, { fieldName: 'email', count: 1 }],
      },
    });
    expect(week.aggregations).toEqual({
      uniqueUserCount: 2,
      totalSqlQueries: 6,
      users: [{ user: { urn: 'urn:li:corpuser:ann' }, count: 5 }, { user: { urn: 'urn:li:corpuser:bob' }, count: 1 }],
      fields: [{ fieldName: 'id', count: 6 }, { fieldName: 'email', count: 1 }],
    });
    const month = (await graphqlData(app, USAGE, { urn: DS })).dataset.usageStats;
    expect(month.buckets).toHaveLength(3);
    expect(month.aggregations).toMatchObject({ uniqueUserCount: 3, totalSqlQueries: 13, fields: [{ fieldName: 'email', count: 8 }, { fieldName: 'id', count: 6 }] });
    expect(month.aggregations.users[0]).toEqual({ user: { urn: 'urn:li:corpuser:cid' }, count: 7 });
    const summary = await graphqlData(app, `{ dataset(urn: "${DS}") { statsSummary { queryCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn username } } } }`);
    expect(summary.dataset.statsSummary).toEqual({
      queryCountLast30Days: 13,
      uniqueUserCountLast30Days: 3,
      topUsersLast30Days: [{ urn: 'urn:li:corpuser:cid', username: 'cid' }, { urn: 'urn:li:corpuser:ann', username: 'ann' }, { urn: 'urn:li:corpuser:bob', username: 'bob' }],
    });
    const day = (await graphqlData(app, USAGE, { urn: DS, range: 'DAY' })).dataset.usageStats;
    expect(day).toEqual({ buckets: [], aggregations: { uniqueUserCount: null, totalSqlQueries: null, users: [], fields: [] } });
  });
});

describe('Assertion.runEvents', () => {
  const RUNS = `query r($urn: String!, $limit: Int, $status: AssertionRunStatus) { assertion(urn: $urn) { runEvents(limit: $limit, status: $status) {
    total failed succeeded errored
    runEvents { timestampMillis lastObservedMillis runId status assertionUrn asserteeUrn batchSpec { nativeBatchId customProperties { key value } } result { type rowCount nativeResults { key value } } } } } }`;

  it('answers the runs newest first with how their results fall', async () => {
    const r = (await graphqlData(app, RUNS, { urn: ASSERTION })).assertion.runEvents;
    expect({ total: r.total, failed: r.failed, succeeded: r.succeeded, errored: r.errored }).toEqual({ total: 4, failed: 1, succeeded: 2, errored: 1 });
    expect(r.runEvents.map((e: { runId: string }) => e.runId)).toEqual(['run-3', 'run-2', 'run-1', 'run-0']);
    expect(r.runEvents[3]).toEqual({
      timestampMillis: T0, lastObservedMillis: T0 + 1, runId: 'run-0', status: 'COMPLETE', assertionUrn: ASSERTION, asserteeUrn: DS,
      batchSpec: { nativeBatchId: 'batch-0', customProperties: [{ key: 'engine', value: 'ge' }] },
      result: { type: 'SUCCESS', rowCount: 100, nativeResults: [{ key: 'observed', value: '0' }] },
    });
    const two = (await graphqlData(app, RUNS, { urn: ASSERTION, limit: 2, status: 'COMPLETE' })).assertion.runEvents;
    expect({ total: two.total, failed: two.failed, succeeded: two.succeeded, errored: two.errored }).toEqual({ total: 2, failed: 0, succeeded: 1, errored: 1 });
    const failures = await graphqlData(app, `{ assertion(urn: "${ASSERTION}") { runEvents(filter: { and: [{ field: "result.type", values: ["FAILURE"] }] }) { total runEvents { runId } } } }`);
    expect(failures.assertion.runEvents).toEqual({ total: 1, runEvents: [{ runId: 'run-1' }] });
  });
});

describe('DataProcessInstance.state', () => {
  it('answers a run’s state changes newest first', async () => {
    const data = await graphqlData(app, `{ dataProcessInstance(urn: "${RUN}") { state { timestampMillis status attempt durationMillis result { resultType nativeResultType } } } }`);
    expect(data.dataProcessInstance.state).toEqual([
      { timestampMillis: T0 + 60_000, status: 'COMPLETE', attempt: 1, durationMillis: 60_000, result: { resultType: 'SUCCESS', nativeResultType: 'success' } },
      { timestampMillis: T0, status: 'STARTED', attempt: 1, durationMillis: null, result: null },
    ]);
  });
});

describe('refusals', () => {
  const refusal = async (query: string, variables?: Record<string, unknown>) => {
    const res = await app.graphql(query, variables);
    expect(res.errors, JSON.stringify(res)).toHaveLength(1);
    expect(res.errors[0].extensions.code).toBe(400);
    return res.errors[0].message as string;
  };

  it('refuses bad windows, limits and filters with a message naming them', async () => {
    expect(await refusal(`{ dataset(urn: "${DS}") { datasetProfiles(limit: -1) { rowCount } } }`)).toContain('limit must be an integer from 0 to');
    expect(await refusal(`{ dataset(urn: "${DS}") { datasetProfiles(limit: 1000000) { rowCount } } }`)).toContain('limit must be an integer from 0 to');
    expect(await refusal(`query p($s: Long) { dataset(urn: "${DS}") { datasetProfiles(startTimeMillis: $s) { rowCount } } }`, { s: 'yesterday' })).toBe('startTimeMillis must be milliseconds since the epoch (a whole number from 0), got "yesterday"');
    expect(await refusal(`{ dataset(urn: "${DS}") { operations(startTimeMillis: 10, endTimeMillis: 5) { timestampMillis } } }`)).toBe('startTimeMillis must not be after endTimeMillis');
    expect(await refusal(`{ dataset(urn: "${DS}") { datasetProfiles(filter: { and: [{ field: "rowCount", values: ["1"], condition: CONTAIN }] }) { rowCount } } }`)).toContain('condition CONTAIN is not supported');
    // A status the original does not name fails the document's validation, before anything runs.
    const status = await app.graphql(`{ assertion(urn: "${ASSERTION}") { runEvents(status: FAILED) { total } } }`);
    expect(status.errors[0].message).toContain('Value "FAILED" does not exist in "AssertionRunStatus" enum');
  });

  it('costs a window without a limit as a whole one (every point up to MAX_COUNT)', async () => {
    const wide = Array.from({ length: 20 }, (_, i) => `p${i}: datasetProfiles { timestampMillis rowCount columnCount sizeInBytes fieldProfiles { fieldPath nullCount } }`).join(' ');
    expect(await refusal(`{ dataset(urn: "${DS}") { ${wide} } }`)).toMatch(/^Query cost \d+ exceeds the limit/);
    const limited = Array.from({ length: 20 }, (_, i) => `p${i}: datasetProfiles(limit: 1) { rowCount }`).join(' ');
    expect((await app.graphql(`{ dataset(urn: "${DS}") { ${limited} } }`)).errors).toBeUndefined();
  });
});
