/**
 * The entity registry (src/model/registry/entities.json) as the original's connectors meet it: every entity type they
 * emit is stored through the wire's batch (one request across all types), its key aspect derived from the URN, and
 * every aspect read back through REST v3 exactly as written. A truly unknown aspect is refused naming it, and the
 * batch it was in writes nothing; a URN not in its type's shape is refused with the shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWithoutFields } from './old-index.js';
import { enc, startTestApp, type TestApp } from './harness.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('registry');
});
afterAll(async () => {
  await app?.close();
});

const proposal = (entityType: string, urn: string, aspect: string, value: unknown) => ({
  entityType, entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});
const owner = { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' }], lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' } };

/** One entity of each type the connectors emit, with a record of its own and the key the URN gives. */
const ENTITIES: { type: string; urn: string; aspect: string; value: Record<string, unknown>; key: Record<string, unknown> }[] = [
  { type: 'container', urn: 'urn:li:container:0b9f1c2e', aspect: 'containerProperties', value: { name: 'analytics', customProperties: { schema: 'analytics' } }, key: { guid: '0b9f1c2e' } },
  { type: 'chart', urn: 'urn:li:chart:(looker,dash.chart_1)', aspect: 'chartInfo', value: { title: 'Revenue', description: 'by month', lastModified: { created: { time: 0, actor: 'urn:li:corpuser:jdoe' }, lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' } } }, key: { dashboardTool: 'looker', chartId: 'dash.chart_1' } },
  { type: 'dashboard', urn: 'urn:li:dashboard:(looker,sales,eu)', aspect: 'dashboardInfo', value: { title: 'Sales', description: '', charts: ['urn:li:chart:(looker,dash.chart_1)'], lastModified: { created: { time: 0, actor: 'urn:li:corpuser:jdoe' }, lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' } } }, key: { dashboardTool: 'looker', dashboardId: 'sales,eu' } },
  { type: 'corpGroup', urn: 'urn:li:corpGroup:analysts', aspect: 'corpGroupInfo', value: { displayName: 'Analysts', admins: [], members: [], groups: [] }, key: { name: 'analysts' } },
  { type: 'glossaryNode', urn: 'urn:li:glossaryNode:finance', aspect: 'glossaryNodeInfo', value: { definition: 'Money words', name: 'Finance' }, key: { name: 'finance' } },
  { type: 'domain', urn: 'urn:li:domain:marketing', aspect: 'domainProperties', value: { name: 'Marketing', description: 'Campaigns' }, key: { id: 'marketing' } },
  { type: 'dataProduct', urn: 'urn:li:dataProduct:churn', aspect: 'dataProductProperties', value: { name: 'Churn', assets: [] }, key: { id: 'churn' } },
  { type: 'assertion', urn: 'urn:li:assertion:a1b2', aspect: 'assertionInfo', value: { type: 'DATASET', datasetAssertion: { dataset: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)', scope: 'DATASET_ROWS', operator: 'BETWEEN' } }, key: { assertionId: 'a1b2' } },
  { type: 'query', urn: 'urn:li:query:q42', aspect: 'queryProperties', value: { statement: { value: 'select 1', language: 'SQL' }, source: 'SYSTEM', created: { time: 0, actor: 'urn:li:corpuser:jdoe' }, lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' } }, key: { id: 'q42' } },
  { type: 'test', urn: 'urn:li:test:fresh', aspect: 'testInfo', value: { name: 'Fresh', category: 'quality', definition: { type: 'JSON', json: '{}' } }, key: { id: 'fresh' } },
  { type: 'mlModel', urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,model,PROD)', aspect: 'mlModelProperties', value: { description: 'xgboost', hyperParams: [] }, key: { platform: 'urn:li:dataPlatform:sagemaker', name: 'churn,model', origin: 'PROD' } },
  { type: 'mlModelGroup', urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn,PROD)', aspect: 'mlModelGroupProperties', value: { description: 'all churn models' }, key: { platform: 'urn:li:dataPlatform:sagemaker', name: 'churn', origin: 'PROD' } },
  { type: 'mlFeature', urn: 'urn:li:mlFeature:(users,age)', aspect: 'mlFeatureProperties', value: { description: 'age in years', dataType: 'CONTINUOUS' }, key: { featureNamespace: 'users', name: 'age' } },
  { type: 'mlFeatureTable', urn: 'urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users)', aspect: 'mlFeatureTableProperties', value: { description: 'user features', mlFeatures: ['urn:li:mlFeature:(users,age)'] }, key: { platform: 'urn:li:dataPlatform:feast', name: 'users' } },
  { type: 'mlPrimaryKey', urn: 'urn:li:mlPrimaryKey:(users,user_id)', aspect: 'mlPrimaryKeyProperties', value: { description: 'the user', dataType: 'ORDINAL', sources: [] }, key: { featureNamespace: 'users', name: 'user_id' } },
  { type: 'dataProcessInstance', urn: 'urn:li:dataProcessInstance:run-7', aspect: 'dataProcessInstanceProperties', value: { name: 'run 7', created: { time: 0, actor: 'urn:li:corpuser:jdoe' } }, key: { id: 'run-7' } },
];

describe('the entity registry', () => {
  it('stores every entity type connectors emit, in one wire batch across types, and reads each aspect back as written', async () => {
    // Every type but a domain and a test carries `status` in the original's registry.
    const withStatus = (type: string) => type !== 'domain' && type !== 'test';
    const proposals = ENTITIES.flatMap((e) => [proposal(e.type, e.urn, e.aspect, e.value), ...(withStatus(e.type) ? [proposal(e.type, e.urn, 'status', { removed: false })] : [])]);
    proposals.push(proposal('container', ENTITIES[0].urn, 'ownership', owner));
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals });
    expect(res.status, res.text).toBe(200);
    for (const e of ENTITIES) {
      const read = await app.get(`/openapi/v3/entity/${e.type}/${enc(e.urn)}`);
      expect(read.status, `${e.type}: ${read.text}`).toBe(200);
      expect(read.body[e.aspect]?.value, e.type).toEqual(e.value);
      if (withStatus(e.type)) expect(read.body.status?.value, e.type).toEqual({ removed: false });
      const keyAspect = Object.keys(read.body).find((k) => k.endsWith('Key'));
      expect(keyAspect && read.body[keyAspect].value, e.type).toEqual(e.key);
    }
    expect((await app.get(`/openapi/v3/entity/container/${enc(ENTITIES[0].urn)}/ownership`)).body.ownership.value).toEqual(owner);
  });

  it('refuses a truly unknown aspect naming it, and the batch it was in writes nothing', async () => {
    const urn = 'urn:li:container:never';
    const proposals = [proposal('container', urn, 'containerProperties', { name: 'never' }), proposal('container', urn, 'chartInfo', { title: 'not a container aspect' })];
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain('chartInfo');
    expect((await app.get(`/openapi/v3/entity/container/${enc(urn)}`)).status).toBe(404);
  });

  it('refuses a time-series aspect on an entity type that does not have it, naming the type\'s aspects', async () => {
    const profile = proposal('container', 'urn:li:container:profiled', 'datasetProfile', { timestampMillis: 1, rowCount: 3 });
    const res = await app.request('POST', '/gms/aspects?action=ingestProposal', { proposal: profile });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('Unknown aspect datasetProfile for entity container');
  });

  it('refuses a URN that is not in its type\'s shape, saying the shape', async () => {
    const res = await app.request('POST', '/gms/aspects?action=ingestProposal', { proposal: proposal('chart', 'urn:li:chart:lonely', 'chartInfo', { title: 'x' }) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain('urn:li:chart:(<tool>,<chart id>)');
    const nested = await app.request('POST', '/gms/aspects?action=ingestProposal', { proposal: proposal('mlModel', 'urn:li:mlModel:(urn:li:tag:x,churn,PROD)', 'status', { removed: false }) });
    expect(nested.text).toContain('platform must be a dataPlatform urn');
  });

  it('takes the client\'s snapshot writes (entities?action=ingest and batchIngest) for every type with a snapshot record, all or nothing', async () => {
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,registry.orders,PROD)';
    const chart = 'urn:li:chart:(superset,orders_by_day)';
    const mce = (record: string, urn: string, aspects: Record<string, unknown>[]) => ({ value: { [`com.linkedin.metadata.snapshot.${record}`]: { urn, aspects } } });
    const props = { 'com.linkedin.dataset.DatasetProperties': { name: 'orders', customProperties: {}, tags: [] } };
    const one = await app.request('POST', '/gms/entities?action=ingest', { entity: mce('DatasetSnapshot', ds, [props, { 'com.linkedin.common.Ownership': owner }]), systemMetadata: { runId: 'file-2026', lastObserved: 1 } });
    expect(one.status, one.text).toBe(200);
    const read = await app.get(`/openapi/v3/entity/dataset/${enc(ds)}`);
    expect(read.body.datasetProperties.value).toEqual(props['com.linkedin.dataset.DatasetProperties']);
    expect(read.body.ownership.value).toEqual(owner);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties?systemMetadata=true`)).body.datasetProperties.systemMetadata).toMatchObject({ runId: 'file-2026' });

    const chartInfo = { title: 'Orders by day', description: '', inputs: [{ string: ds }], lastModified: { created: { time: 0, actor: 'urn:li:corpuser:jdoe' }, lastModified: { time: 0, actor: 'urn:li:corpuser:jdoe' } } };
    const batch = await app.request('POST', '/gms/entities?action=batchIngest', {
      entities: [mce('ChartSnapshot', chart, [{ 'com.linkedin.chart.ChartInfo': chartInfo }]), mce('MLFeatureSnapshot', 'urn:li:mlFeature:(users,age)', [{ 'com.linkedin.ml.metadata.MLFeatureProperties': { description: 'age' } }])],
    });
    expect(batch.status, batch.text).toBe(200);
    expect((await app.get(`/openapi/v3/entity/chart/${enc(chart)}/chartInfo`)).body.chartInfo.value).toEqual(chartInfo);
    expect((await app.get(`/openapi/v3/entity/mlFeature/${enc('urn:li:mlFeature:(users,age)')}/mlFeatureProperties`)).body.mlFeatureProperties.value).toEqual({ description: 'age' });

    // A record the type cannot carry refuses the whole request, naming it; nothing of it is written.
    const other = 'urn:li:chart:(superset,never)';
    const refused = await app.request('POST', '/gms/entities?action=batchIngest', {
      entities: [mce('ChartSnapshot', other, [{ 'com.linkedin.chart.ChartInfo': chartInfo }]), mce('ChartSnapshot', other, [{ 'com.linkedin.dashboard.DashboardInfo': { title: 'x' } }])],
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('com.linkedin.dashboard.DashboardInfo');
    expect(refused.text).toContain(`entities[1] (${other})`);
    expect((await app.get(`/openapi/v3/entity/chart/${enc(other)}`)).status).toBe(404);
  });

  it('finds an entity of any registered type by name through the client\'s search action (entities?action=search)', async () => {
    const proposals = [proposal('domain', 'urn:li:domain:fin', 'domainProperties', { name: 'Finance' }), proposal('domain', 'urn:li:domain:ops', 'domainProperties', { name: 'Operations' })];
    expect((await app.request('POST', '/gms/aspects?action=ingestProposalBatch&waitForSearch=true', { proposals })).status).toBe(200);
    await app.refresh();
    const byName = (name: string) => ({ input: '*', entity: 'domain', start: 0, count: 10, filter: { or: [{ and: [{ field: 'name', values: [name], condition: 'EQUAL' }] }] } });
    const found = await app.request('POST', '/gms/entities?action=search', byName('Finance'));
    expect(found.status, found.text).toBe(200);
    expect(found.body.value).toMatchObject({ entities: [{ entity: 'urn:li:domain:fin' }], numEntities: 1, from: 0 });
    expect((await app.request('POST', '/gms/entities?action=search', byName('Nowhere'))).body.value).toMatchObject({ entities: [], numEntities: 0 });
    const bad = await app.request('POST', '/gms/entities?action=search', { input: '*', entity: 'spaceship' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('Unknown entity type spaceship');
  });
});

describe('search fields of a type\'s own, and several entities read at once', () => {
  const RESOURCE = 'urn:li:platformResource:looker-users';
  const info = { resourceType: 'USER_ID_MAPPING', primaryKey: 'looker_users', secondaryKeys: ['lk-1', 'lk-2'], value: { blob: '{}', contentType: 'JSON' } };
  const urnsOf = (body: { entities: { urn: string }[] }) => body.entities.map((e) => e.urn);

  it('finds a platform resource by its registry search fields and platform, as the original\'s client asks for it', async () => {
    const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
      proposals: [proposal('platformResource', RESOURCE, 'platformResourceInfo', info), proposal('platformResource', RESOURCE, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:looker' })],
    });
    expect(res.status, res.text).toBe(200);
    const query = (q: string) => app.get(`/openapi/v3/entity/platformresource?aspects=platformResourceKey&count=10&query=${encodeURIComponent(q)}`);
    const both = await query('(resourceType:"USER_ID_MAPPING" AND platform.keyword:"urn\\:li\\:dataPlatform\\:looker")');
    expect(both.status, both.text).toBe(200);
    expect(urnsOf(both.body)).toEqual([RESOURCE]);
    expect(urnsOf((await query('primaryKey:"looker_users"')).body)).toEqual([RESOURCE]);
    expect(urnsOf((await query('secondaryKeys:"lk-2"')).body)).toEqual([RESOURCE]);
    expect(urnsOf((await query('resourceType:"OTHER"')).body)).toEqual([]);
    const unknown = await query('resourceKind:"USER_ID_MAPPING"');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown search field resourceKind');
  });

  it('a rebuild derives those fields for documents written before them, as writes do', async () => {
    const { before, after } = await rebuildWithoutFields(app, 'platformResource', ['typeFields']);
    expect(Object.values(before).some((v) => Array.isArray(v.typeFields) && v.typeFields.length === 4)).toBe(true);
    expect(after).toEqual(before);
  });

  it('reads several entities at once with the aspects each names (batchGet); missing ones are left out', async () => {
    const res = await app.request('POST', '/openapi/v3/entity/platformResource/batchGet', [{ urn: RESOURCE, platformResourceInfo: {} }, { urn: 'urn:li:platformResource:nothing' }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([{ urn: RESOURCE, platformResourceInfo: { value: info } }]);
    const all = await app.request('POST', '/openapi/v3/entity/platformResource/batchGet', [{ urn: RESOURCE }]);
    expect(Object.keys(all.body[0]).sort()).toEqual(['dataPlatformInstance', 'platformResourceInfo', 'platformResourceKey', 'urn']);
    const bad = await app.request('POST', '/openapi/v3/entity/platformResource/batchGet', { urn: RESOURCE });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('JSON array');
    const wrongType = await app.request('POST', '/openapi/v3/entity/platformResource/batchGet', [{ urn: 'urn:li:tag:x' }]);
    expect(wrongType.status).toBe(400);
  });
});
