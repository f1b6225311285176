/**
 * The original's ingestion-run resource on the /gms wire (`POST /runs?action=list|describe|rollback`, as `datahub
 * ingest list-runs|show|rollback` call it): runs listed newest first, a run's rows, dry runs, rollbacks restoring what a
 * run overwrote and hiding (or deleting) what it created, unsafe entities, refusals that write nothing, bad bodies,
 * and the run search fields derived alike by a write and by the rebuild.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';
import { rebuildWithoutFields } from './old-index.js';
import { wireProposal } from './wire-proposals.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,runs.${name},PROD)`;
const [DS1, DS2, DS3, DS4] = [ds('one'), ds('two'), ds('three'), ds('four')];
const props = (name: string) => ({ name, customProperties: {} });
let app: TestApp;

/** One batch of proposals written by a run (no run id: a write outside any run), searchable once answered. */
async function ingest(runId: string | undefined, items: [string, string, unknown][]): Promise<void> {
  const systemMetadata = runId && { systemMetadata: { runId, lastObserved: Date.now(), pipelineName: 'p' } };
  const proposals = items.map(([urn, aspect, value]) => wireProposal(urn, aspect, value, systemMetadata || {}));
  const res = await app.post('/gms/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
  await sleep(2); // the next run writes later, to the millisecond
}

const runs = (action: string, body: unknown, token?: string) => app.request('POST', `/gms/runs?action=${action}`, body, { token });
/** A rollback, its changes searchable once answered. */
async function rollback(body: unknown, token?: string) {
  const res = await runs('rollback', body, token);
  await app.refresh();
  return res;
}
const listed = async (includeSoft = false) => (await runs('list', { pageOffset: 0, pageSize: 100, includeSoft })).body.value as { runId: string; rows: number; timestamp: number }[];
const entity = async (urn: string) => (await app.get(`/gms/entitiesV2/${enc(urn)}`)).body.aspects as Record<string, { value: any; systemMetadata?: any }>;

beforeAll(async () => {
  app = await startTestApp('ingestion-runs');
  // run-a creates DS1 and DS2; run-b overwrites DS1's properties, tags DS2 and creates DS3, which a person then
  // describes (an aspect of no run: DS3 is unsafe for run-b); a write naming the default run id names no run.
  await ingest('run-a', [[DS1, 'datasetProperties', props('a1')], [DS1, 'status', { removed: false }], [DS2, 'datasetProperties', props('a2')]]);
  await ingest('run-b', [[DS1, 'datasetProperties', props('b1')], [DS2, 'globalTags', { tags: [{ tag: 'urn:li:tag:b' }] }], [DS3, 'datasetProperties', props('b3')]]);
  await ingest(undefined, [[DS3, 'editableDatasetProperties', { description: 'by hand' }]]);
  const unlabelled = await app.post('/gms/aspects?action=ingestProposal', { proposal: wireProposal(DS2, 'subTypes', { typeNames: ['Table'] }, { systemMetadata: { runId: 'no-run-id-provided' } }) });
  expect(unlabelled.status).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

describe('list and describe', () => {
  it('lists runs newest first with their rows (key aspects included), never the default run id', async () => {
    const value = await listed();
    expect(value.map((r) => [r.runId, r.rows])).toEqual([
      ['run-b', 4], // DS1 datasetProperties, DS2 globalTags, DS3 datasetKey and datasetProperties
      ['run-a', 4], // DS1 datasetKey and status, DS2 datasetKey and datasetProperties
    ]);
    expect(value[0].timestamp).toBeGreaterThan(value[1].timestamp);
    expect((await runs('list', { pageOffset: 1, pageSize: 1, includeSoft: false })).body.value.map((r: any) => r.runId)).toEqual(['run-a']);
  });

  it('describes a run by URN and aspect, a page at a time, values on request', async () => {
    const all = (await runs('describe', { runId: 'run-b', start: 0, count: 100, includeSoft: false, includeAspect: false })).body.value;
    expect(all.map((r: any) => [r.urn, r.aspectName, r.keyAspect])).toEqual([
      [DS3, 'datasetKey', true],
      [DS3, 'datasetProperties', false],
      [DS1, 'datasetProperties', false],
      [DS2, 'globalTags', false],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0])) || String(x[1]).localeCompare(String(y[1]))));
    expect(all[0]).toMatchObject({ runId: 'run-b', version: 0 });
    expect(all[0].aspect).toBeUndefined();
    const page = (await runs('describe', { runId: 'run-b', start: 1, count: 2, includeSoft: false, includeAspect: true })).body.value;
    expect(page.map((r: any) => r.aspectName)).toEqual(all.slice(1, 3).map((r: any) => r.aspectName));
    expect(page.find((r: any) => r.aspectName === 'datasetProperties').aspect).toEqual(props('b3'));
    expect((await runs('describe', { runId: 'run-none', start: 0, count: 10 })).body.value).toEqual([]);
  });

  it('shows the writer system metadata of the value, never the version kept for a rollback', async () => {
    const aspects = await entity(DS1);
    expect(aspects.datasetProperties.systemMetadata).toMatchObject({ runId: 'run-b', pipelineName: 'p' });
    expect(JSON.stringify(aspects)).not.toContain('previous');
    expect(JSON.stringify((await app.get(`/openapi/v3/entity/dataset/${enc(DS1)}?systemMetadata=true`)).body)).not.toContain('"previous"');
  });
});

describe('rollback', () => {
  it('a dry run answers what would change and changes nothing', async () => {
    const res = await runs('rollback', { runId: 'run-b', dryRun: true, safe: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.value).toMatchObject({ entitiesAffected: 3, aspectsReverted: 3, entitiesDeleted: 1, aspectsAffected: 1, unsafeEntitiesCount: 1, unsafeEntities: [{ urn: DS3 }] });
    // A soft rollback leaves key aspects: they are not listed.
    expect(res.body.value.aspectRowSummaries.map((r: any) => r.aspectName).sort()).toEqual(['datasetProperties', 'datasetProperties', 'globalTags']);
    expect((await entity(DS1)).datasetProperties.value.name).toBe('b1');
    expect((await listed()).map((r) => r.runId)).toEqual(['run-b', 'run-a']);
  });

  it('is refused whole, writing nothing, when the caller may not make one of its changes', async () => {
    const policy = await app.post('/openapi/v3/policies', { name: 'No deletes', effect: 'DENY', privileges: ['DELETE_ENTITY'], actors: { users: ['urn:li:corpuser:loader'] } });
    expect(policy.status, policy.text).toBe(201);
    const loader = await mintToken(TEST_SECRET, 'urn:li:corpuser:loader', 3600);
    await expect.poll(async () => (await rollback({ runId: 'run-b', dryRun: false, safe: true }, loader)).status).toBe(403);
    const refused = await rollback({ runId: 'run-b', dryRun: false, safe: true }, loader);
    expect(refused.body.message).toContain(DS3);
    expect(refused.body.message).toContain('DELETE_ENTITY');
    expect((await entity(DS1)).datasetProperties.value.name).toBe('b1');
    expect((await entity(DS2)).globalTags).toBeDefined();
    expect((await entity(DS3)).status).toBeUndefined();
  });

  it('restores what the run overwrote, removes what it created, and soft-deletes the entity it created (safe)', async () => {
    const res = await rollback({ runId: 'run-b', dryRun: false, safe: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.value).toMatchObject({ entitiesAffected: 3, aspectsReverted: 3, entitiesDeleted: 1, aspectsAffected: 1, unsafeEntitiesCount: 1 });
    const one = await entity(DS1);
    expect(one.datasetProperties.value).toEqual(props('a1'));
    expect(one.datasetProperties.systemMetadata).toMatchObject({ runId: 'run-a' });
    expect((await entity(DS2)).globalTags).toBeUndefined();
    const three = await entity(DS3);
    expect(three.status.value).toEqual({ removed: true });
    expect(three.datasetProperties).toBeUndefined();
    expect(three.editableDatasetProperties.value).toEqual({ description: 'by hand' }); // hidden with its entity, kept
    // The run is gone from the list; its soft-deleted entity still holds its key (listed with includeSoft).
    expect((await listed()).map((r) => r.runId)).toEqual(['run-a']);
    // Hidden before the page is cut: the first page of one is the newest run still shown.
    expect((await runs('list', { pageOffset: 0, pageSize: 1, includeSoft: false })).body.value.map((r: any) => r.runId)).toEqual(['run-a']);
    expect((await runs('describe', { runId: 'run-b', start: 0, count: 10, includeSoft: false })).body.value).toEqual([]);
    expect((await runs('describe', { runId: 'run-b', start: 0, count: 10, includeSoft: true })).body.value.map((r: any) => [r.urn, r.aspectName])).toEqual([[DS3, 'datasetKey']]);
    expect((await listed(true)).map((r) => [r.runId, r.rows])).toEqual([['run-b', 1], ['run-a', 5]]); // DS1's properties are run-a's again
    // Each change is a normal write: the history has it.
    await app.services.relay.tick();
    const changes = (await app.get(`/openapi/v3/timeline/${enc(DS1)}?count=1000`)).body.changes;
    expect(changes.at(-1)).toMatchObject({ via: 'WIRE', actor: 'urn:li:corpuser:tester' });
    expect(JSON.stringify(changes.at(-1))).toContain('a1');
    // Nothing left to roll back softly.
    expect((await runs('rollback', { runId: 'run-b', dryRun: true, safe: true })).body.value).toMatchObject({ entitiesAffected: 0, aspectRowSummaries: [] });
  });

  it('hard-deletes the entities a run created with --nuke, and reverts only the run it overwrote to the one kept version', async () => {
    await ingest('run-c', [[DS4, 'datasetProperties', props('c4')]]);
    await ingest('run-d', [[DS4, 'datasetProperties', props('d4')]]);
    await ingest('run-e', [[DS4, 'datasetProperties', props('e4')]]);
    await rollback({ runId: 'run-e', dryRun: false, safe: true });
    expect((await entity(DS4)).datasetProperties.value.name).toBe('d4');
    // One earlier version is kept: run-d's restored value has none, so rolling run-d back removes the aspect.
    await rollback({ runId: 'run-d', dryRun: false, safe: true });
    expect((await entity(DS4)).datasetProperties).toBeUndefined();
    const res = await rollback({ runId: 'run-c', dryRun: false, safe: false });
    expect(res.body.value).toMatchObject({ entitiesDeleted: 1, entitiesAffected: 1 });
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS4)}`)).status).toBe(404);
    expect((await listed(true)).map((r) => r.runId)).not.toContain('run-c');
  });
});

describe('re-ingestion of the same values', () => {
  it('keeps no second copy of a value a run re-sends, and its rollback gives the value back to the run before', async () => {
    await ingest('run-f', [[DS2, 'datasetProperties', props('a2')]]);
    const raw = (await app.raw.get({ index: app.services.names.entity('dataset'), id: DS2 })).body._source as any;
    expect(raw.aspects.datasetProperties.meta.systemMetadata.runId).toBe('run-f');
    expect(raw.aspects.datasetProperties.meta.previous).toMatchObject({ meta: { systemMetadata: { runId: 'run-a' } } });
    expect(raw.aspects.datasetProperties.meta.previous).not.toHaveProperty('value');
    expect((await rollback({ runId: 'run-f', dryRun: false, safe: true })).status).toBe(200);
    const two = await entity(DS2);
    expect(two.datasetProperties.value).toEqual(props('a2'));
    expect(two.datasetProperties.systemMetadata).toMatchObject({ runId: 'run-a' });
  });
});

describe('bad requests', () => {
  it('answers 422 naming what is wrong, never 500', async () => {
    const cases: [string, unknown, string][] = [
      ['list', { pageSize: -1 }, 'pageSize'],
      ['list', { pageOffset: 'x' }, 'pageOffset'],
      ['describe', { start: 0, count: 10 }, 'runId'],
      ['describe', { runId: 'run-a', colour: 'red' }, 'colour'],
      ['rollback', { runId: 'no-run-id-provided', dryRun: true }, 'reserved run-id'],
      ['rollback', { runId: '', dryRun: true }, 'runId'],
      ['rollback', { runId: 'run-a', dryRun: 'yes' }, 'dryRun'],
      ['rollback', [1, 2], 'body'],
      ['purge', {}, 'purge'],
    ];
    for (const [action, body, word] of cases) {
      const res = await runs(action, body);
      expect(res.status, `${action} ${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.body.message).toContain(word);
    }
  });
});

describe('run search fields', () => {
  it('the rebuild derives runIds and runs as the write path does', async () => {
    const { before, after } = await rebuildWithoutFields(app, 'dataset', ['runIds', 'runs']);
    expect(Object.values(before).some((f) => Array.isArray(f.runIds))).toBe(true);
    expect(after).toEqual(before);
  });
});

describe('time-series points of a run', () => {
  it('are removed with its rollback (counted in the dry run, nothing removed by it)', async () => {
    const urn = ds('profiled');
    const profile = { timestampMillis: Date.UTC(2026, 10, 3), rowCount: 5 };
    await ingest('ts-run', [[urn, 'datasetProperties', props('profiled')], [urn, 'datasetProfile', profile]]);
    const points = async () => (await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn, entity: 'dataset', aspect: 'datasetProfile' })).body.value.values.length;
    expect(await points()).toBe(1);
    const dry = await rollback({ runId: 'ts-run', dryRun: true });
    expect(dry.body.value.timeseriesRowsAffected).toBe(1);
    expect(await points()).toBe(1);
    const done = await rollback({ runId: 'ts-run', dryRun: false, safe: true });
    expect(done.status, done.text).toBe(200);
    expect(await points()).toBe(0);
  });
});
