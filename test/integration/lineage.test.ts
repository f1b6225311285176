/**
 * Lineage one hop each way, as the original's `lineage` field answers it: edges kept with the entity (derived from its
 * aspects in the one write path), found from either end with one query, following every rewrite of the aspect, and
 * derived by a rebuild for documents written before the lineage fields existed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { rebuildWithoutFields } from './old-index.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const [RAW, CLEAN, REPORT, GHOST] = [ds('lin.raw'), ds('lin.clean'), ds('lin.report'), ds('lin.never_written')];
const FLOW = 'urn:li:dataFlow:(airflow,nightly,prod)';
const JOB = `urn:li:dataJob:(${FLOW},build_report)`;
const ALICE = 'urn:li:corpuser:alice';

const LINEAGE = `query l($urn: String!, $dir: LineageDirection!) {
  dataset(urn: $urn) { lineage(input: { direction: $dir }) { start count total filtered relationships { type degree createdOn createdActor { urn } isManual entity { urn type ... on Dataset { exists } } paths { path { urn } } } } } }`;
const JOB_LINEAGE = `query l($urn: String!, $dir: LineageDirection!) { dataJob(urn: $urn) { lineage(input: { direction: $dir }) { total relationships { type entity { urn } createdOn } } } }`;

let app: TestApp;
const put = async (urn: string, aspect: string, value: unknown) => {
  const type = urn.split(':')[2];
  const r = await app.post(`/openapi/v3/entity/${type}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
};
const lineageOf = async (urn: string, dir: 'UPSTREAM' | 'DOWNSTREAM') => (await graphqlData(app, LINEAGE, { urn, dir })).dataset.lineage;
const urnsOf = (l: { relationships: { entity: { urn: string } }[] }) => l.relationships.map((r) => r.entity.urn).sort();

beforeAll(async () => {
  app = await startTestApp('lineage');
  for (const urn of [RAW, CLEAN, REPORT]) await put(urn, 'datasetProperties', { name: urn.split(',')[1] });
  await put(CLEAN, 'upstreamLineage', {
    upstreams: [
      { dataset: RAW, type: 'TRANSFORMED', auditStamp: { time: 1_700_000_000_000, actor: ALICE }, created: { time: 1_690_000_000_000, actor: ALICE } },
      { dataset: GHOST, type: 'COPY', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
      { dataset: CLEAN, type: 'COPY', auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' } },
    ],
  });
  await put(FLOW, 'dataFlowInfo', { name: 'nightly' });
  await put(JOB, 'dataJobInfo', { name: 'build report', type: { string: 'SQL' } });
  await put(JOB, 'dataJobInputOutput', {
    inputDatasets: [CLEAN],
    outputDatasets: [],
    outputDatasetEdges: [{ destinationUrn: REPORT, created: { time: 1_710_000_000_000, actor: ALICE }, properties: { source: 'UI' } }],
  });
  await app.refresh();
});
afterAll(async () => app?.close());

describe('lineage one hop each way', () => {
  it('answers upstream from the aspect itself: the edge type, its stamps, a path, and entities not written yet (a self-edge is harmless)', async () => {
    const up = await lineageOf(CLEAN, 'UPSTREAM');
    expect(up).toMatchObject({ start: 0, count: 100, total: 2, filtered: 0 });
    const byUrn = Object.fromEntries(up.relationships.map((r: { entity: { urn: string } }) => [r.entity.urn, r]));
    expect(byUrn[RAW]).toEqual({
      type: 'DownstreamOf', degree: 1, createdOn: 1_690_000_000_000, createdActor: { urn: ALICE }, isManual: false,
      entity: { urn: RAW, type: 'DATASET', exists: true }, paths: [{ path: [{ urn: CLEAN }, { urn: RAW }] }],
    });
    expect(byUrn[GHOST].entity).toEqual({ urn: GHOST, type: 'DATASET', exists: false });
  });

  it('answers downstream from the entities that name it, across entity types, in both directions of a job', async () => {
    expect(urnsOf(await lineageOf(RAW, 'DOWNSTREAM'))).toEqual([CLEAN]);
    const fromClean = await lineageOf(CLEAN, 'DOWNSTREAM');
    expect(fromClean.relationships).toMatchObject([{ type: 'Consumes', entity: { urn: JOB, type: 'DATA_JOB' } }]);
    const jobDown = (await graphqlData(app, JOB_LINEAGE, { urn: JOB, dir: 'DOWNSTREAM' })).dataJob.lineage;
    expect(jobDown).toEqual({ total: 1, relationships: [{ type: 'Produces', entity: { urn: REPORT }, createdOn: 1_710_000_000_000 }] });
    const jobUp = (await graphqlData(app, JOB_LINEAGE, { urn: JOB, dir: 'UPSTREAM' })).dataJob.lineage;
    expect(jobUp.relationships).toEqual([{ type: 'Consumes', entity: { urn: CLEAN }, createdOn: null }]);
    const reportUp = await lineageOf(REPORT, 'UPSTREAM');
    expect(reportUp.relationships).toMatchObject([{ type: 'Produces', isManual: true, entity: { urn: JOB }, paths: [{ path: [{ urn: REPORT }, { urn: JOB }] }] }]);
  });

  it('follows the aspect: an edge removed is gone from both ends, a soft-deleted downstream is left out, and pages are cut as asked', async () => {
    const page = await graphqlData(app, `{ dataset(urn: "${CLEAN}") { lineage(input: { direction: UPSTREAM, start: 1, count: 1 }) { start count total relationships { entity { urn } } } } }`);
    expect(page.dataset.lineage).toMatchObject({ start: 1, count: 1, total: 2 });
    expect(page.dataset.lineage.relationships).toHaveLength(1);
    await put(CLEAN, 'upstreamLineage', { upstreams: [{ dataset: GHOST, type: 'COPY', auditStamp: { time: 0, actor: ALICE } }] });
    await app.refresh();
    expect(urnsOf(await lineageOf(RAW, 'DOWNSTREAM'))).toEqual([]);
    expect(urnsOf(await lineageOf(CLEAN, 'UPSTREAM'))).toEqual([GHOST]);
    await put(JOB, 'status', { removed: true });
    await app.refresh();
    expect(urnsOf(await lineageOf(CLEAN, 'DOWNSTREAM'))).toEqual([]);
    await put(JOB, 'status', { removed: false });
    await put(CLEAN, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'TRANSFORMED', auditStamp: { time: 1, actor: ALICE } }] });
    await app.refresh();
    expect(urnsOf(await lineageOf(RAW, 'DOWNSTREAM'))).toEqual([CLEAN]);
  });

  it('charts and dashboards have lineage too: a chart reads a dataset, a dashboard contains the chart', async () => {
    const CHART = 'urn:li:chart:(looker,lin_chart)';
    const BOARD = 'urn:li:dashboard:(looker,lin_board)';
    const audit = { created: { time: 0, actor: ALICE }, lastModified: { time: 0, actor: ALICE } };
    await put(CHART, 'chartInfo', { title: 'clean chart', description: '', lastModified: audit, inputs: [{ string: CLEAN }] });
    await put(BOARD, 'dashboardInfo', { title: 'board', description: '', lastModified: audit, charts: [CHART] });
    await app.refresh();
    const q = `query c($chart: String!, $board: String!) {
      chart(urn: $chart) { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } } } }
      dashboard(urn: $board) { lineage(input: { direction: UPSTREAM }) { relationships { type entity { urn } } } } }`;
    const data = await graphqlData(app, q, { chart: CHART, board: BOARD });
    expect(data.chart.lineage.relationships).toEqual([{ type: 'Consumes', entity: { urn: CLEAN } }]);
    expect(data.dashboard.lineage.relationships).toEqual([{ type: 'Contains', entity: { urn: CHART } }]);
    expect(urnsOf(await lineageOf(CLEAN, 'DOWNSTREAM'))).toEqual([CHART, JOB].sort());
    await app.del(`/openapi/v3/entity/chart/${enc(CHART)}`);
    await app.refresh();
    expect(urnsOf(await lineageOf(CLEAN, 'DOWNSTREAM'))).toEqual([JOB]);
  });

  it('keeps only the edges last changed (else made) within startTimeMillis and endTimeMillis; edges without a time always', async () => {
    const within = async (window: Record<string, number>) => {
      const q = `query l($urn: String!, $s: Long, $e: Long) { dataset(urn: $urn) { lineage(input: { direction: UPSTREAM, startTimeMillis: $s, endTimeMillis: $e }) { relationships { entity { urn } } } } }`;
      return urnsOf((await graphqlData(app, q, { urn: CLEAN, s: window.start, e: window.end })).dataset.lineage);
    };
    // RAW's edge changed at 1_700_000_000_000; GHOST's has no time (0 is none).
    const stamped = (time: number) => ({ dataset: RAW, type: 'TRANSFORMED', auditStamp: { time, actor: ALICE } });
    await put(CLEAN, 'upstreamLineage', { upstreams: [stamped(1_700_000_000_000), { dataset: GHOST, type: 'COPY', auditStamp: { time: 0, actor: ALICE } }] });
    expect(await within({ start: 1_800_000_000_000 })).toEqual([GHOST]);
    expect(await within({ end: 1_600_000_000_000 })).toEqual([GHOST]);
    expect(await within({ start: 1_600_000_000_000, end: 1_700_000_000_000 })).toEqual([GHOST, RAW].sort());
    await put(CLEAN, 'upstreamLineage', { upstreams: [stamped(1)] });
  });

  it('refuses a bad page with a 400 naming it', async () => {
    const res = await app.graphql(`{ dataset(urn: "${CLEAN}") { lineage(input: { direction: UPSTREAM, start: -1 }) { total } } }`);
    expect(res.errors?.[0]?.message).toMatch(/start must be a non-negative integer, got -1/);
  });

  it('a rebuild derives the lineage fields of documents written before they existed, as writes do', async () => {
    for (const type of ['dataset', 'dataJob']) {
      const { before, after } = await rebuildWithoutFields(app, type, ['lineageUp', 'lineageDown']);
      expect(after).toEqual(before);
    }
    expect(urnsOf(await lineageOf(CLEAN, 'DOWNSTREAM'))).toEqual([JOB]);
    expect(urnsOf(await lineageOf(RAW, 'DOWNSTREAM'))).toEqual([CLEAN]);
  });
});
