/**
 * Column-level lineage: the column → column edges of `fineGrainedLineages` (in a dataset's upstreamLineage and a job's
 * dataJobInputOutput), asked of a schemaField in GraphQL one hop each way, walked over several hops as impact analysis
 * (the datasets holding the columns reached, searched and faceted), by the CLI's --column, following every rewrite,
 * and derived by a rebuild for documents written before the fields existed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { rebuildWithoutFields } from './old-index.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const [SRC, MID, OUT] = [ds('hive', 'col.src'), ds('hive', 'col.mid'), ds('snowflake', 'col.out')];
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,cols,prod),hash_users)';

const ONE_HOP = `query l($urn: String!, $dir: LineageDirection!) {
  schemaField(urn: $urn) { lineage(input: { direction: $dir }) { total relationships { type degree inSchema entity { urn type } paths { path { urn } } } } } }`;
const SEARCH = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total searchResults { entity { urn type } degree paths { path { urn } } } facets { field aggregations { value count } } } }`;

let app: TestApp;
const put = async (urn: string, aspect: string, value: unknown) => {
  const r = await app.post(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
};
const schema = (platform: string, ...paths: string[]) => ({
  schemaName: 's', platform: `urn:li:dataPlatform:${platform}`, version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields: paths.map((fieldPath) => ({ fieldPath, nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } })),
});
const fgl = (ups: string[], downs: string[], extra: Record<string, unknown> = {}) => ({ upstreamType: 'FIELD_SET', upstreams: ups, downstreamType: 'FIELD', downstreams: downs, ...extra });
const oneHop = async (urn: string, dir: 'UPSTREAM' | 'DOWNSTREAM') => (await graphqlData(app, ONE_HOP, { urn, dir })).schemaField.lineage;
const search = async (input: Record<string, unknown>) => (await graphqlData(app, SEARCH, { input })).searchAcrossLineage;

const midLineage = (withEmail: boolean) => ({
  upstreams: [{ dataset: SRC, type: 'TRANSFORMED', auditStamp: { time: 1, actor: 'urn:li:corpuser:a' } }],
  fineGrainedLineages: [
    ...(withEmail ? [fgl([col(SRC, 'email')], [col(MID, 'email_hash')], { transformOperation: 'SHA256', confidenceScore: 1 })] : []),
    // One entry naming two upstream columns, one of them not in the source's schema.
    fgl([col(SRC, 'id'), col(SRC, 'legacy_id')], [col(MID, 'id')]),
    // A whole dataset as the upstream end: coarse lineage, not a column edge.
    { upstreamType: 'DATASET', upstreams: [SRC], downstreamType: 'FIELD', downstreams: [col(MID, 'id')] },
  ],
});

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('lineage-columns');
  await put(SRC, 'schemaMetadata', schema('hive', 'id', 'email', '[version=2.0].[type=string].country'));
  await put(MID, 'schemaMetadata', schema('hive', 'id', 'email_hash'));
  await put(OUT, 'schemaMetadata', schema('snowflake', 'user_key'));
  await put(MID, 'upstreamLineage', midLineage(true));
  await put(JOB, 'dataJobInputOutput', { inputDatasets: [MID], outputDatasets: [OUT], fineGrainedLineages: [fgl([col(MID, 'email_hash'), col(SRC, 'country')], [col(OUT, 'user_key')])] });
  await app.refresh();
});
afterAll(async () => app?.close());

describe('column lineage one hop', () => {
  it('answers downstream and upstream of a column, through a dataset and through a job, flagging a column its schema lacks', async () => {
    const down = await oneHop(col(SRC, 'email'), 'DOWNSTREAM');
    expect(down).toEqual({
      total: 1,
      relationships: [{ type: 'DownstreamOf', degree: 1, inSchema: true, entity: { urn: col(MID, 'email_hash'), type: 'SCHEMA_FIELD' }, paths: [{ path: [{ urn: col(SRC, 'email') }, { urn: col(MID, 'email_hash') }] }] }],
    });
    const viaJob = await oneHop(col(MID, 'email_hash'), 'DOWNSTREAM');
    expect(viaJob.relationships.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([col(OUT, 'user_key')]);
    const up = await oneHop(col(MID, 'id'), 'UPSTREAM');
    const flags = Object.fromEntries(up.relationships.map((r: { entity: { urn: string }; inSchema: boolean }) => [r.entity.urn, r.inSchema]));
    expect(flags).toEqual({ [col(SRC, 'id')]: true, [col(SRC, 'legacy_id')]: false });
    // A column written plainly is in a schema listing it by its v2 path.
    const intoOut = await oneHop(col(OUT, 'user_key'), 'UPSTREAM');
    expect(Object.fromEntries(intoOut.relationships.map((r: { entity: { urn: string }; inSchema: boolean }) => [r.entity.urn, r.inSchema]))).toEqual({ [col(MID, 'email_hash')]: true, [col(SRC, 'country')]: true });
    expect(await oneHop(col(SRC, 'nowhere'), 'DOWNSTREAM')).toEqual({ total: 0, relationships: [] });
  });
});

describe('column impact analysis', () => {
  it('walks column edges over several hops; the results are the datasets holding the columns reached, faceted and filtered as any search', async () => {
    const res = await search({ urn: col(SRC, 'email'), direction: 'DOWNSTREAM', query: '*', count: 10 });
    expect(res.total).toBe(2);
    const byUrn = Object.fromEntries(res.searchResults.map((r: { entity: { urn: string } }) => [r.entity.urn, r]));
    expect(byUrn[MID]).toMatchObject({ degree: 1, paths: [{ path: [{ urn: col(SRC, 'email') }, { urn: col(MID, 'email_hash') }] }] });
    expect(byUrn[OUT]).toMatchObject({ degree: 2, paths: [{ path: [{ urn: col(SRC, 'email') }, { urn: col(MID, 'email_hash') }, { urn: col(OUT, 'user_key') }] }] });
    const platforms = res.facets.find((f: { field: string }) => f.field === 'platform').aggregations;
    expect(Object.fromEntries(platforms.map((a: { value: string; count: number }) => [a.value, a.count]))).toEqual({ 'urn:li:dataPlatform:hive': 1, 'urn:li:dataPlatform:snowflake': 1 });
    const snowflake = await search({ urn: col(SRC, 'email'), direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:snowflake'] }] }] });
    expect(snowflake.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([OUT]);
    const first = await search({ urn: col(SRC, 'email'), direction: 'DOWNSTREAM', orFilters: [{ and: [{ field: 'degree', values: ['1'] }] }] });
    expect(first.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([MID]);
    const up = await search({ urn: col(OUT, 'user_key'), direction: 'UPSTREAM' });
    expect(Object.fromEntries(up.searchResults.map((r: { entity: { urn: string }; degree: number }) => [r.entity.urn, r.degree]))).toEqual({ [MID]: 1, [SRC]: 1 });
  });

  it('tessera lineage --column lists the columns reached, nearest first, with the way to each', async () => {
    const env = cliEnv(app, tempHome());
    const res = await runCli(['lineage', SRC, '--column', 'email'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual([
      'HOPS\tTYPE\tURN\tVIA',
      `1\tSCHEMA_FIELD\t${col(MID, 'email_hash')}\t`,
      `2\tSCHEMA_FIELD\t${col(OUT, 'user_key')}\t${col(MID, 'email_hash')}`,
    ]);
    expect(res.stderr).toContain(`2 columns downstream of ${col(SRC, 'email')} within 3 hops.`);
    const json = JSON.parse((await runCli(['--json', 'lineage', OUT, '--column', 'user_key', '--upstream', '--hops', '1'], env)).stdout);
    expect(json.entities).toEqual([
      { urn: col(MID, 'email_hash'), type: 'SCHEMA_FIELD', degree: 1, path: [col(OUT, 'user_key'), col(MID, 'email_hash')] },
      { urn: col(SRC, 'country'), type: 'SCHEMA_FIELD', degree: 1, path: [col(OUT, 'user_key'), col(SRC, 'country')] },
    ]);
    const bad = await runCli(['lineage', JOB, '--column', 'x'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`--column needs a dataset URN, not ${JOB}`);
  });
});

describe('column edges follow the aspects', () => {
  it("a PATCH of upstreamLineage in the original's column paths adds and removes one column edge", async () => {
    const esc = (u: string) => u.replace(/~/g, '~0').replace(/\//g, '~1');
    const path = `/fineGrainedLineages/NONE/${esc(col(OUT, 'user_id'))}/NONE/${esc(col(MID, 'id'))}`;
    const added = await app.patch(`/openapi/v3/entity/dataset/${enc(OUT)}/upstreamLineage`, [{ op: 'add', path, value: { confidenceScore: 1 } }]);
    expect(added.status, added.text).toBe(200);
    await app.refresh();
    expect((await oneHop(col(MID, 'id'), 'DOWNSTREAM')).relationships.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([col(OUT, 'user_id')]);
    const removed = await app.patch(`/openapi/v3/entity/dataset/${enc(OUT)}/upstreamLineage`, [{ op: 'remove', path }]);
    expect(removed.status, removed.text).toBe(200);
    await app.refresh();
    expect((await oneHop(col(MID, 'id'), 'DOWNSTREAM')).total).toBe(0);
  });

  it('a rebuild derives the column lineage fields of documents written before they existed, as writes do', async () => {
    for (const type of ['dataset', 'dataJob']) {
      const { before, after } = await rebuildWithoutFields(app, type, ['fieldLineageUp', 'fieldLineageDown']);
      expect(Object.values(before).some((v) => v.fieldLineageUp !== undefined)).toBe(true);
      expect(after).toEqual(before);
    }
    expect((await oneHop(col(SRC, 'email'), 'DOWNSTREAM')).total).toBe(1);
  });

  it('an edge rewritten away, or its job soft-deleted, is gone; restored, it is back', async () => {
    await put(MID, 'upstreamLineage', midLineage(false));
    await app.refresh();
    expect((await oneHop(col(SRC, 'email'), 'DOWNSTREAM')).total).toBe(0);
    expect((await oneHop(col(SRC, 'id'), 'DOWNSTREAM')).total).toBe(1);
    await put(JOB, 'status', { removed: true });
    await app.refresh();
    expect((await oneHop(col(OUT, 'user_key'), 'UPSTREAM')).total).toBe(0);
    await put(JOB, 'status', { removed: false });
    await app.refresh();
    expect((await oneHop(col(OUT, 'user_key'), 'UPSTREAM')).total).toBe(2);
  });
});
