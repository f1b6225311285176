/**
 * The original's run commands, unchanged, against Tessera: `datahub ingest` of a file source under a `run_id`, then
 * `datahub ingest list-runs` lists it, `show --run-id` lists what it wrote, and `rollback --run-id` takes it back —
 * restoring what a later run overwrote, soft-deleting what a run created (the default `--safe`), or hard-deleting it
 * with `--nuke`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, restSink, type Datahub } from './datahub.js';

let app: TestApp;
let dh: Datahub;
const out = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
const USERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,runs.users,PROD)';
const EVENTS = 'urn:li:dataset:(urn:li:dataPlatform:hive,runs.events,PROD)';

beforeAll(async () => {
  app = await startTestApp('compat-runs');
  dh = datahubFor(app);
});
afterAll(async () => {
  await app?.close();
});

/** Runs a file source of proposals (`[urn, aspect, value]`) under `runId` through the datahub-rest sink. */
async function ingest(runId: string, records: [string, string, unknown][]): Promise<void> {
  const data = dh.file(`${runId}.json`, JSON.stringify(records.map(([urn, aspect, value]) => ({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { json: value } }))));
  const recipe = dh.file(`${runId}.yml`, `run_id: ${runId}\nsource:\n  type: file\n  config:\n    path: ${data}\n${restSink(app)}`);
  const res = await dh.cli(['ingest', '-c', recipe]);
  expect(res.code, out(res)).toBe(0);
  expect(out(res)).toContain("'failures': []");
  await app.refresh();
}

const properties = async (urn: string) => (await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`)).body?.datasetProperties?.value;

describe('datahub ingest list-runs, show and rollback', () => {
  beforeAll(async () => {
    const init = await dh.cli(['init', '--host', `${app.url}/gms`, '--token', app.token, '--force']);
    expect(init.code, out(init)).toBe(0);
  });

  it('lists a file-source run, shows what it wrote, and a dry run changes nothing', async () => {
    await ingest('compat-run-1', [[USERS, 'datasetProperties', { name: 'users', customProperties: {} }], [USERS, 'status', { removed: false }]]);
    const list = await dh.cli(['ingest', 'list-runs']);
    expect(list.code, out(list)).toBe(0);
    expect(list.stdout).toContain('compat-run-1');
    const show = await dh.cli(['ingest', 'show', '--run-id', 'compat-run-1']);
    expect(show.code, out(show)).toBe(0);
    expect(show.stdout).toContain(USERS);
    expect(show.stdout).toContain('datasetProperties');
    const dry = await dh.cli(['ingest', 'rollback', '--run-id', 'compat-run-1', '--dry-run']);
    expect(dry.code, out(dry)).toBe(0);
    expect(dry.stdout).toMatch(/will delete 1 entities and will roll back 2 aspects/);
    expect(await properties(USERS)).toMatchObject({ name: 'users' });
  });

  it('rollback restores what the run overwrote', async () => {
    await ingest('compat-run-2', [[USERS, 'datasetProperties', { name: 'users v2', customProperties: {} }]]);
    expect(await properties(USERS)).toMatchObject({ name: 'users v2' });
    const res = await dh.cli(['ingest', 'rollback', '--run-id', 'compat-run-2', '-f']);
    expect(res.code, out(res)).toBe(0);
    expect(res.stdout).toMatch(/rolled back 1 aspects/);
    expect(await properties(USERS)).toMatchObject({ name: 'users' });
  });

  it('rollback (safe) removes what the run wrote and soft-deletes the entity it created', async () => {
    const res = await dh.cli(['ingest', 'rollback', '--run-id', 'compat-run-1', '-f']);
    expect(res.code, out(res)).toBe(0);
    expect(await properties(USERS)).toBeUndefined();
    const status = await app.get(`/openapi/v3/entity/dataset/${enc(USERS)}/status`);
    expect(status.body.status.value).toEqual({ removed: true });
    // The run's own report (the CLI writes it as an execution request named by the run id) says it was rolled back.
    const request = await app.get(`/openapi/v3/entity/dataHubExecutionRequest/${enc('urn:li:dataHubExecutionRequest:compat-run-1')}/dataHubExecutionRequestResult`);
    expect(request.body.dataHubExecutionRequestResult.value.status).toBe('ROLLED_BACK');
    await app.refresh();
    expect((await dh.cli(['ingest', 'list-runs'])).stdout).not.toContain('compat-run-1');
  });

  it('rollback --nuke hard-deletes the entity the run created', async () => {
    await ingest('compat-run-3', [[EVENTS, 'datasetProperties', { name: 'events', customProperties: {} }]]);
    const res = await dh.cli(['ingest', 'rollback', '--run-id', 'compat-run-3', '--nuke', '-f']);
    expect(res.code, out(res)).toBe(0);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(EVENTS)}`)).status).toBe(404);
  });
});
