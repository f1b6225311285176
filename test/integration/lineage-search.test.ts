/** searchAcrossLineage: impact analysis over several hops, searched and faceted as every search, each result with its degree and paths. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const [RAW, CLEAN, REPORT, SIDE] = [ds('walk.raw'), ds('walk.clean'), ds('walk.report'), ds('walk.side')];
const FLOW = 'urn:li:dataFlow:(airflow,walk,prod)';
const JOB = `urn:li:dataJob:(${FLOW},build)`;

const SEARCH = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  start count total isPartial
  searchResults { entity { urn type } degree degrees explored paths { path { urn } } }
  facets { field displayName aggregations { value count } } } }`;

let app: TestApp;
const put = async (urn: string, aspect: string, value: unknown) => {
  const r = await app.post(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
};
const search = async (input: Record<string, unknown>) => (await graphqlData(app, SEARCH, { input })).searchAcrossLineage;
const degreesOf = (res: { searchResults: { entity: { urn: string }; degree: number }[] }) => Object.fromEntries(res.searchResults.map((r) => [r.entity.urn, r.degree]));

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('lineage-search');
  for (const [urn, name] of [[RAW, 'raw events'], [CLEAN, 'clean events'], [REPORT, 'weekly report'], [SIDE, 'side table']]) await put(urn, 'datasetProperties', { name });
  await put(CLEAN, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'TRANSFORMED', auditStamp: { time: 1, actor: 'urn:li:corpuser:a' } }] });
  await put(SIDE, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'COPY', auditStamp: { time: 1, actor: 'urn:li:corpuser:a' } }] });
  await put(FLOW, 'dataFlowInfo', { name: 'walk' });
  await put(JOB, 'dataJobInputOutput', { inputDatasets: [CLEAN], outputDatasets: [REPORT] });
  // A cycle: the report feeds the raw table again. The walk ends at what it has reached.
  await put(RAW, 'upstreamLineage', { upstreams: [{ dataset: REPORT, type: 'TRANSFORMED', auditStamp: { time: 1, actor: 'urn:li:corpuser:a' } }] });
  await app.refresh();
});
afterAll(async () => app?.close());

describe('searchAcrossLineage', () => {
  it('walks downstream over every hop and entity type, each result at its fewest hops with the path to it, the degree facet first', async () => {
    const res = await search({ urn: RAW, direction: 'DOWNSTREAM', query: '*', count: 20 });
    expect(res).toMatchObject({ start: 0, total: 4, count: 4, isPartial: false });
    expect(degreesOf(res)).toEqual({ [CLEAN]: 1, [SIDE]: 1, [JOB]: 2, [REPORT]: 3 });
    const report = res.searchResults.find((r: { entity: { urn: string } }) => r.entity.urn === REPORT);
    expect(report).toMatchObject({ degrees: [3], explored: true, paths: [{ path: [{ urn: RAW }, { urn: CLEAN }, { urn: JOB }, { urn: REPORT }] }] });
    expect(res.facets[0]).toEqual({ field: 'degree', displayName: 'Degree of Dependencies', aggregations: [{ value: '1', count: 2 }, { value: '2', count: 1 }, { value: '3+', count: 1 }] });
    const up = await search({ urn: REPORT, direction: 'UPSTREAM', query: '*' });
    expect(degreesOf(up)).toEqual({ [JOB]: 1, [CLEAN]: 2, [RAW]: 3 });
  });

  it('filters by degree (1, 2, 3+), type, query and the usual filters, as the original’s impact analysis asks', async () => {
    const one = await search({ urn: RAW, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] });
    expect(Object.keys(degreesOf(one)).sort()).toEqual([CLEAN, SIDE].sort());
    const far = await search({ urn: RAW, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree.keyword', values: ['3+'] }] }] });
    expect(degreesOf(far)).toEqual({ [REPORT]: 3 });
    // An exact number of hops (Tessera's own): the walk stops there.
    const three = await search({ urn: RAW, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['2', '3'] }] }] });
    expect(degreesOf(three)).toEqual({ [JOB]: 2, [REPORT]: 3 });
    const datasets = await search({ urn: RAW, direction: 'DOWNSTREAM', types: ['DATASET'] });
    expect(Object.keys(degreesOf(datasets)).sort()).toEqual([CLEAN, REPORT, SIDE].sort());
    const worded = await search({ urn: RAW, direction: 'DOWNSTREAM', query: 'weekly' });
    expect(degreesOf(worded)).toEqual({ [REPORT]: 3 });
    const paged = await search({ urn: RAW, direction: 'DOWNSTREAM', start: 1, count: 2 });
    expect(paged).toMatchObject({ start: 1, count: 2, total: 4 });
  });

  it('refuses a degree it does not know, a missing start, and answers nothing for an entity without lineage', async () => {
    const bad = await app.graphql(SEARCH, { input: { urn: RAW, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['11'] }] }] } });
    expect(bad.errors?.[0]?.message).toMatch(/degree filter values are 1, 2 and 3\+ \(or a number of hops up to 10\), got "11"/);
    const none = await app.graphql(SEARCH, { input: { direction: 'DOWNSTREAM' } });
    expect(none.errors?.[0]?.message).toMatch(/urn is required/);
    const alone = await search({ urn: ds('walk.alone'), direction: 'UPSTREAM' });
    expect(alone).toMatchObject({ total: 0, searchResults: [] });
  });
});

const SCROLL = `query s($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) {
  nextScrollId count total isPartial searchResults { entity { urn } degree } facets { field aggregations { value count } } } }`;

describe('scrollAcrossLineage', () => {
  it('pages the same results by position, each once, the last page without a position; the degree filter and facet as in searchAcrossLineage', async () => {
    const scroll = async (input: Record<string, unknown>) => (await graphqlData(app, SCROLL, { input })).scrollAcrossLineage;
    const seen: Record<string, number> = {};
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const page = await scroll({ urn: RAW, direction: 'DOWNSTREAM', count: 3, ...(scrollId && { scrollId }), keepAlive: '5m' });
      expect(page.total).toBe(4);
      for (const r of page.searchResults) {
        expect(seen[r.entity.urn]).toBeUndefined();
        seen[r.entity.urn] = r.degree;
      }
      scrollId = page.nextScrollId;
      pages++;
    } while (scrollId && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual({ [CLEAN]: 1, [SIDE]: 1, [JOB]: 2, [REPORT]: 3 });
    const far = await scroll({ urn: RAW, direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['2', '3+'] }] }] });
    expect(far).toMatchObject({ nextScrollId: null, count: 2, total: 2, isPartial: false });
    expect(far.facets[0]).toEqual({ field: 'degree', aggregations: [{ value: '1', count: 0 }, { value: '2', count: 1 }, { value: '3+', count: 1 }] });
    const bad = await app.graphql(SCROLL, { input: { urn: RAW, direction: 'DOWNSTREAM', scrollId: 'not-a-position' } });
    expect(bad.errors?.[0]?.message).toMatch(/scrollId/i);
  });
});

describe('export of an impacted set', () => {
  it('exports what is downstream (within hops) as CSV with a degree column, which imports back as no change; the CLI the same', async () => {
    const csv = async (query: string) => app.get(`/openapi/v3/export/dataset?${query}`);
    const all = await csv(`downstreamOf=${enc(RAW)}`);
    expect(all.status, all.text).toBe(200);
    const lines = all.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('urn,name,degree,tags');
    expect(lines.slice(1)).toEqual([`"${CLEAN}",clean events,1,`, `"${REPORT}",weekly report,3,`, `"${SIDE}",side table,1,`]);
    const near = await csv(`downstreamOf=${enc(RAW)}&hops=1`);
    expect(near.text.trim().split(/\r?\n/).slice(1).map((l) => l.split('"')[1])).toEqual([CLEAN, SIDE]);
    const back = await app.post('/openapi/v3/import/dataset', { csv: all.text, dryRun: true });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ rows: 3, unchanged: 3, changed: 0, refused: 0 });
    expect((await csv(`downstreamOf=${enc(RAW)}&upstreamOf=${enc(RAW)}`)).status).toBe(400);
    expect((await csv(`downstreamOf=${enc(RAW)}&hops=11`)).status).toBe(400);
    const cli = await runCli(['export', '--upstream-of', REPORT, '--hops', '2', '--no-tags'], cliEnv(app, tempHome()));
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim().split(/\r?\n/)).toEqual(['urn,name,degree', `"${CLEAN}",clean events,2`]);
  });
});

describe('searchAcrossLineage facets', () => {
  it('counts the facets named (owners, terms, properties …) among the impacted set, after the degree facet', async () => {
    await put(CLEAN, 'ownership', { owners: [{ owner: 'urn:li:corpuser:ann', type: 'DATAOWNER' }], lastModified: { time: 1, actor: 'urn:li:corpuser:a' } });
    await app.refresh();
    const res = await search({ urn: RAW, direction: 'DOWNSTREAM', facets: ['owners', '_entityType'] });
    expect(res.facets.map((f: { field: string }) => f.field)).toEqual(['degree', 'owners', '_entityType']);
    expect(res.facets[1].aggregations).toEqual([{ value: 'urn:li:corpuser:ann', count: 1 }]);
    const bad = await app.graphql(SEARCH, { input: { urn: RAW, direction: 'DOWNSTREAM', facets: ['nope_not_a_field'] } });
    expect(bad.errors?.[0]?.message).toMatch(/nope_not_a_field/);
  });
});

describe('searchAcrossLineage with lineageFlags.ignoreAsHops', () => {
  it('walks through the listed types without counting a hop, on the listed platforms only', async () => {
    const q = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { entity { urn } degree ignoredAsHop } } }`;
    const run = async (ignoreAsHops: unknown) =>
      Object.fromEntries((await graphqlData(app, q, { input: { urn: RAW, direction: 'DOWNSTREAM', count: 20, lineageFlags: { ignoreAsHops } } })).searchAcrossLineage.searchResults.map((r: { entity: { urn: string }; degree: number; ignoredAsHop: boolean }) => [r.entity.urn, [r.degree, r.ignoredAsHop]]));
    expect(await run([{ entityType: 'DATA_JOB' }])).toEqual({ [CLEAN]: [1, false], [SIDE]: [1, false], [JOB]: [2, true], [REPORT]: [2, false] });
    expect(await run([{ entityType: 'DATA_JOB', platforms: ['airflow'] }])).toMatchObject({ [REPORT]: [2, false] });
    expect(await run([{ entityType: 'DATA_JOB', platforms: ['urn:li:dataPlatform:spark'] }])).toMatchObject({ [JOB]: [2, false], [REPORT]: [3, false] });
  });
});

describe('searchAcrossLineage in a time window', () => {
  it('walks only the edges changed within lineageFlags.startTimeMillis / endTimeMillis (edges without a time always)', async () => {
    // The dataset edges were stamped at 1; the job's plain lists carry no time.
    const late = await search({ urn: RAW, direction: 'DOWNSTREAM', lineageFlags: { startTimeMillis: 2 } });
    expect(late.total).toBe(0);
    const fromJob = await search({ urn: CLEAN, direction: 'DOWNSTREAM', startTimeMillis: 2, orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] });
    expect(degreesOf(fromJob)).toEqual({ [JOB]: 1 });
    const early = await search({ urn: RAW, direction: 'DOWNSTREAM', lineageFlags: { endTimeMillis: 1 }, orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] });
    expect(degreesOf(early)).toEqual({ [CLEAN]: 1, [SIDE]: 1 });
  });
});

describe('tessera lineage', () => {
  it('lists what is downstream within the hops asked, nearest first, with the way to each; --json; --upstream', async () => {
    const env = cliEnv(app, tempHome());
    const two = await runCli(['lineage', RAW, '--hops', '2'], env);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout.trim().split('\n')).toEqual([
      'HOPS\tTYPE\tURN\tVIA',
      `1\tDATASET\t${CLEAN}\t`,
      `1\tDATASET\t${SIDE}\t`,
      `2\tDATA_JOB\t${JOB}\t${CLEAN}`,
    ]);
    expect(two.stderr).toContain(`3 entities downstream of ${RAW} within 2 hops.`);
    const json = await runCli(['--json', 'lineage', REPORT, '--upstream', '--hops', '3'], env);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ urn: REPORT, direction: 'UPSTREAM', hops: 3, count: 3, partial: false });
    expect(doc.entities.map((e: { urn: string; degree: number }) => [e.degree, e.urn])).toEqual([[1, JOB], [2, CLEAN], [3, RAW]]);
    expect(doc.entities[2].path).toEqual([REPORT, JOB, CLEAN, RAW]);
  });

  it('says so when nothing is found, and refuses what it cannot do', async () => {
    const env = cliEnv(app, tempHome());
    const none = await runCli(['lineage', ds('walk.alone')], env);
    expect(none.code).toBe(0);
    expect(none.stderr.trim()).toBe(`Nothing downstream of ${ds('walk.alone')} within 3 hops.`);
    const column = await runCli(['lineage', RAW, '--column', ''], env);
    expect(column.code).toBe(1);
    expect(column.stderr).toContain('--column needs a field path');
    const far = await runCli(['lineage', RAW, '--hops', '11'], env);
    expect(far.code).toBe(1);
    expect(far.stderr).toContain('--hops must be at most 10, not 11');
  });
});
