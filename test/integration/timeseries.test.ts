/**
 * Time-series aspects: points written through the wire (one proposal, a batch mixed with versioned aspects, all or
 * nothing), read back through getTimeseriesAspectValues (newest first, filters, time range, latest value) and the
 * OpenAPI timeseries route, removed by a time-series delete and with their entity's hard delete, dropped by retention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { wireProposal } from './wire-proposals.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts.other,PROD)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(datahub,orders_pipeline,prod),default)';
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 30); // end of October: a batch spanning two months
let app: TestApp;

const proposal = wireProposal;
const batch = (proposals: unknown[]) => app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', { proposals, async: 'false' });
const values = async (body: Record<string, unknown>) => {
  const res = await app.post('/gms/aspects?action=getTimeseriesAspectValues', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.value.values as { aspect: { value: string; contentType: string }; systemMetadata?: Record<string, unknown> }[]).map((v) => JSON.parse(v.aspect.value));
};
const profile = (day: number, rowCount: number) => ({ timestampMillis: T0 + day * DAY, rowCount, columnCount: 2, fieldProfiles: [{ fieldPath: 'id', nullCount: day }] });

beforeAll(async () => {
  app = await startTestApp('timeseries');
});
afterAll(async () => app?.close());

describe('writing and reading points', () => {
  it('writes profiles beside versioned aspects in one batch and reads them newest first, exactly as sent', async () => {
    const res = await batch([
      proposal(DS, 'datasetProperties', { name: 'orders', customProperties: {} }),
      ...[0, 1, 2, 3].map((d) => proposal(DS, 'datasetProfile', profile(d, 100 + d), { systemMetadata: { runId: 'profile-run' } })),
      proposal(DS, 'operation', { timestampMillis: T0, lastUpdatedTimestamp: T0, operationType: 'INSERT', numAffectedRows: 4 }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile' });
    expect(all).toEqual([3, 2, 1, 0].map((d) => profile(d, 100 + d)));
    const raw = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn: DS, entity: 'dataset', aspect: 'datasetProfile', latestValue: true });
    expect(raw.body.value).toMatchObject({ entityName: 'dataset', aspectName: 'datasetProfile', limit: 1 });
    expect(raw.body.value.values).toHaveLength(1);
    expect(raw.body.value.values[0].aspect.contentType).toBe('application/json');
    expect(raw.body.value.values[0].systemMetadata).toMatchObject({ runId: 'profile-run' });
    expect((await values({ urn: DS, entity: 'dataset', aspect: 'operation' }))[0]).toMatchObject({ operationType: 'INSERT', numAffectedRows: 4 });
    // The entity's versioned aspect was written by the same batch.
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`)).status).toBe(200);
  });

  it('answers a time range, a limit and ascending order', async () => {
    const ranged = await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile', startTimeMillis: T0 + DAY, endTimeMillis: T0 + 2 * DAY });
    expect(ranged.map((p) => p.rowCount)).toEqual([102, 101]);
    const oldest = await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile', limit: 2, sort: { field: 'timestampMillis', order: 'ASCENDING' } });
    expect(oldest.map((p) => p.rowCount)).toEqual([100, 101]);
  });

  it('writing the same point again replaces it (a retried batch counts nothing twice)', async () => {
    expect((await batch([proposal(DS, 'datasetProfile', profile(3, 999))])).status).toBe(200);
    const all = await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile' });
    expect(all).toHaveLength(4);
    expect(all[0].rowCount).toBe(999);
  });

  it('finds the latest checkpoint of a pipeline as the stateful ingestion provider asks for it', async () => {
    const checkpoint = (pipelineName: string, t: number) => ({ timestampMillis: t, pipelineName, platformInstanceId: 'default', config: '{}', runId: `run-${t}`, state: { formatVersion: '1.0', serde: 'base85-bz2-json', payload: 'abc' } });
    for (const [name, t] of [['orders_pipeline', T0], ['orders_pipeline', T0 + DAY], ['other_pipeline', T0 + 2 * DAY]] as const) {
      const res = await app.post('/gms/aspects?action=ingestProposal&waitForSearch=true', { proposal: proposal(JOB, 'datahubIngestionCheckpoint', checkpoint(name, t)), async: 'false' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const filter = { or: [{ and: [{ field: 'pipelineName', values: ['orders_pipeline'], condition: 'EQUAL' }] }] };
    const latest = await values({ urn: JOB, entity: 'dataJob', aspect: 'datahubIngestionCheckpoint', limit: 1, filter });
    expect(latest).toEqual([checkpoint('orders_pipeline', T0 + DAY)]);
    const none = await values({ urn: JOB, entity: 'dataJob', aspect: 'datahubIngestionCheckpoint', limit: 1, filter: { or: [{ and: [{ field: 'pipelineName', value: 'nothing' }] }] } });
    expect(none).toEqual([]);
    expect((await app.get('/gms/config')).body.statefulIngestionCapable).toBe(true);
  });
});

describe('REST v3 batch writes', () => {
  it('take points beside versioned aspects; an item of points only creates no entity; a patch of a point is refused', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts.v3,PROD)';
    const lone = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts.v3lone,PROD)';
    const res = await app.request('POST', '/openapi/v3/entity/dataset?async=false&waitForSearch=true', [
      { urn, datasetProperties: { value: { name: 'v3', customProperties: {} } }, datasetProfile: { value: profile(0, 42), systemMetadata: { runId: 'v3-run' } } },
      { urn: lone, operation: { value: { timestampMillis: T0, lastUpdatedTimestamp: T0, operationType: 'UPDATE' } } },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body[0].datasetProfile.value).toEqual(profile(0, 42));
    expect(res.body[0].datasetProperties.value.name).toBe('v3');
    expect(res.body[1].operation.value.operationType).toBe('UPDATE');
    expect((await values({ urn, entity: 'dataset', aspect: 'datasetProfile' }))[0].rowCount).toBe(42);
    expect((await values({ urn: lone, entity: 'dataset', aspect: 'operation' }))).toHaveLength(1);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(lone)}`)).status).toBe(404);
    const patch = await app.request('PATCH', '/openapi/v3/entity/dataset', [{ urn, datasetProfile: { value: { patch: [{ op: 'add', path: '/rowCount', value: 1 }] } } }]);
    expect(patch.status).toBe(400);
    expect(patch.text).toContain('datasetProfile is a time-series aspect: a write adds a point; it cannot be patched');
    await Promise.all([lone, urn].map((u) => app.post('/gms/entities?action=delete', { urn: u })));
  });
});

describe('the OpenAPI timeseries route', () => {
  it('pages through every entity\'s points of an aspect, newest first, with system metadata on request', async () => {
    const first = await app.get('/openapi/v2/timeseries/dataset/datasetProfile?count=3&systemMetadata=true');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.map((r: { event: { rowCount: number } }) => r.event.rowCount)).toEqual([999, 102, 101]);
    expect(first.body.results[0]).toMatchObject({ urn: DS, timestampMillis: T0 + 3 * DAY });
    expect(first.body.results[1].systemMetadata).toMatchObject({ runId: 'profile-run' });
    const rest = await app.get(`/openapi/v2/timeseries/dataset/datasetProfile?count=3&scrollId=${first.body.scrollId}`);
    expect(rest.body.results.map((r: { event: { rowCount: number } }) => r.event.rowCount)).toEqual([100]);
    expect(rest.body.scrollId).toBeUndefined();
    expect(rest.body.results[0].systemMetadata).toBeUndefined();
    const bad = await app.get('/openapi/v2/timeseries/dataset/datasetProperties');
    expect(bad.status).toBe(400);
    expect((await app.get('/openapi/v2/timeseries/dataset/datasetProfile?startTimeMillis=yesterday')).status).toBe(400);
  });
});

describe('refusals', () => {
  it('refuses a bad point, naming it and every other refused proposal, and writes nothing of the batch', async () => {
    const res = await batch([
      proposal(OTHER, 'datasetProperties', { name: 'never', customProperties: {} }),
      proposal(OTHER, 'datasetProfile', { rowCount: 3 }),
      proposal(OTHER, 'status', { removed: 'no' }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('proposals[1]');
    expect(res.body.message).toContain('datasetProfile.timestampMillis');
    expect(res.body.message).toContain('proposals[2]');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(OTHER)}`)).status).toBe(404);
    expect(await values({ urn: OTHER, entity: 'dataset', aspect: 'datasetProfile' })).toEqual([]);
  });

  it('a batch whose versioned item is refused after the points were checked writes no point', async () => {
    // The dataset's tags need the dataset to exist: refused by the batch's checks, after the point passed its own.
    const res = await batch([proposal(OTHER, 'datasetProfile', profile(0, 5)), proposal(OTHER, 'globalTags', { tags: [{ tag: 'urn:li:tag:x' }] })]);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('proposals[1]');
    expect(await values({ urn: OTHER, entity: 'dataset', aspect: 'datasetProfile' })).toEqual([]);
  });

  it('refuses PATCH and DELETE of a time-series aspect, an unknown filter condition, a limit out of range', async () => {
    const patch = await app.post('/gms/aspects?action=ingestProposal', { proposal: { ...proposal(DS, 'datasetProfile', []), changeType: 'PATCH', aspect: { value: '[]', contentType: 'application/json-patch+json' } } });
    expect(patch.status).toBe(422);
    expect(patch.body.message).toContain('datasetProfile is a time-series aspect');
    const cond = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn: DS, entity: 'dataset', aspect: 'datasetProfile', filter: { or: [{ and: [{ field: 'rowCount', values: ['3'], condition: 'CONTAIN' }] }] } });
    expect(cond.status).toBe(422);
    expect(cond.body.message).toContain('condition CONTAIN is not supported');
    const limit = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn: DS, entity: 'dataset', aspect: 'datasetProfile', limit: 1_000_000 });
    expect(limit.status).toBe(422);
    expect(limit.body.message).toContain('limit must be an integer');
    const versioned = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn: DS, entity: 'dataset', aspect: 'datasetProperties' });
    expect(versioned.status).toBe(422);
    expect(versioned.body.message).toContain('datasetProperties is not a time-series aspect of dataset');
  });
});

describe('retention', () => {
  it('drops whole months past the retention of their aspect, and nothing else', async () => {
    const old = await startTestApp('timeseries-retention', { TIMESERIES_RETENTION: 'operation=30' });
    try {
      const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,ts.retained,PROD)';
      const longAgo = Date.UTC(2020, 0, 15);
      const res = await old.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
        proposals: [proposal(urn, 'operation', { timestampMillis: longAgo, lastUpdatedTimestamp: longAgo, operationType: 'DROP' }), proposal(urn, 'datasetProfile', profile(0, 1)), proposal(urn, 'operation', { timestampMillis: Date.now(), lastUpdatedTimestamp: Date.now(), operationType: 'CREATE' })],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const run = await old.post('/openapi/v3/timeseries/retention/run', {});
      expect(run.body).toEqual({ dropped: ['operation_202001'] });
      const ops = await old.post('/gms/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'operation' });
      expect(ops.body.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).operationType)).toEqual(['CREATE']);
      const profiles = await old.post('/gms/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'datasetProfile' });
      expect(profiles.body.value.values).toHaveLength(1);
      // Written again after its month was dropped: the month is made again, not guessed by the engine.
      expect((await old.post('/gms/aspects?action=ingestProposal&waitForSearch=true', { proposal: proposal(urn, 'operation', { timestampMillis: longAgo, lastUpdatedTimestamp: longAgo, operationType: 'DROP' }) })).status).toBe(200);
      const again = await old.post('/gms/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'operation' });
      expect(again.body.value.values).toHaveLength(2);
    } finally {
      await old.close();
    }
  });
});

describe('removing points', () => {
  it('a time-series delete removes the points in a range; a hard delete removes the rest with the entity', async () => {
    const del = await app.post('/gms/entities?action=delete', { urn: DS, aspectName: 'datasetProfile', startTimeMillis: T0, endTimeMillis: T0 + DAY });
    expect(del.body).toEqual({ value: { urn: DS, rows: 0, timeseriesRows: 2 } });
    expect((await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile' })).map((p) => p.rowCount)).toEqual([999, 102]);
    const hard = await app.post('/gms/entities?action=delete', { urn: DS });
    expect(hard.body.value.timeseriesRows).toBe(3); // two profiles and the operation
    expect(await values({ urn: DS, entity: 'dataset', aspect: 'datasetProfile' })).toEqual([]);
  });
});
