/** The original's pipelines and the SDK's other paths against Tessera: `datahub ingest` with the datahub-rest sink, the OpenAPI emitter, entity reads, tag references. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, restSink, type Datahub } from './datahub.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,ingest.orders,PROD)';
const UP = 'urn:li:dataset:(urn:li:dataPlatform:hive,ingest.raw,PROD)';
let app: TestApp;
let dh: Datahub;
const out = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

beforeAll(async () => {
  app = await startTestApp('compat-ingest');
  dh = datahubFor(app);
  const init = await dh.cli(['init', '--host', `${app.url}/gms`, '--token', app.token, '--force']);
  expect(init.code, out(init)).toBe(0);
});
afterAll(async () => {
  await app?.close();
});

describe('datahub ingest and the SDK against Tessera', () => {
  it('a file recipe with the datahub-rest sink finishes cleanly and reports its run', async () => {
    const mcps = [
      { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { json: { name: 'orders', description: 'from a file', customProperties: {} } } },
      { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'upstreamLineage', aspect: { json: { upstreams: [{ auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' }, dataset: UP, type: 'TRANSFORMED' }] } } },
      { entityType: 'dataset', entityUrn: DS, changeType: 'UPSERT', aspectName: 'globalTags', aspect: { json: { tags: [{ tag: 'urn:li:tag:gold' }] } } },
    ];
    const data = dh.file('mcps.json', JSON.stringify(mcps));
    const recipe = dh.file('recipe.yml', `source:\n  type: file\n  config:\n    path: ${data}\n${restSink(app)}`);
    const res = await dh.cli(['ingest', '-c', recipe]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain('Pipeline finished successfully');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/upstreamLineage`)).body.upstreamLineage.value.upstreams[0].dataset).toBe(UP);
    await app.refresh();
    const runs = await app.get('/openapi/v3/entity/dataHubExecutionRequest?aspects=dataHubExecutionRequestResult');
    expect(runs.body.entities).toHaveLength(1);
    expect(runs.body.entities[0].dataHubExecutionRequestResult.value.status).toBe('SUCCESS');
    const sources = await app.get('/openapi/v3/entity/dataHubIngestionSource?aspects=dataHubIngestionSourceInfo');
    expect(sources.body.entities[0].dataHubIngestionSourceInfo.value.type).toBe('file');
  });

  it('the OpenAPI emitter writes and patches, DataHubGraph reads it back, and references to a tag are removed', async () => {
    const [written, aspects, tags] = await dh.sdk([
      { op: 'emitOpenapi', mcps: [{ urn: DS, aspectName: 'subTypes', aspect: { typeNames: ['Table'] } }, { urn: DS, aspectName: 'status', aspect: { removed: false } }] },
      { op: 'entity', urn: DS },
      { op: 'getAspect', urn: DS, aspect: 'globalTags' },
    ]);
    expect(written).toBe('ok');
    expect(aspects).toEqual(['datasetKey', 'datasetProperties', 'globalTags', 'status', 'subTypes', 'upstreamLineage']);
    expect(tags).toEqual({ tags: [{ tag: 'urn:li:tag:gold' }] });
    const [patched, patchedTags] = await dh.sdk([
      { op: 'patch', openapi: true, urn: DS, addTags: ['urn:li:tag:silver'] },
      { op: 'getAspect', urn: DS, aspect: 'globalTags' },
    ]);
    expect(patched).toBe('ok');
    expect(patchedTags).toEqual({ tags: [{ tag: 'urn:li:tag:gold' }, { tag: 'urn:li:tag:silver' }] });

    await app.refresh();
    const refs = await dh.cli(['delete', 'references', '--urn', 'urn:li:tag:gold', '-f']);
    expect(refs.code, out(refs)).toBe(0);
    expect(out(refs)).toContain('Found 1 references to urn:li:tag:gold');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/globalTags`)).body.globalTags.value).toEqual({ tags: [{ tag: 'urn:li:tag:silver' }] });
    const gql = await graphqlData(app, `{ dataset(urn: "${DS}") { tags { tags { tag { urn } } } } }`);
    expect(gql.dataset.tags.tags).toEqual([{ tag: { urn: 'urn:li:tag:silver' } }]);
  });
});
