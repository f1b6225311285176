/**
 * The original's ingestion framework, unchanged, filling Tessera with every kind of record its connectors emit: a
 * `file` source of snapshot records (MCEs) and proposals (MCPs) built here for the entity types of the registry, run
 * through `datahub ingest` with the datahub-rest sink at its default settings. Nothing fails, and every record reads back
 * through REST v3 exactly as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, restSink, type Datahub } from './datahub.js';

let app: TestApp;
let dh: Datahub;
const out = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

beforeAll(async () => {
  app = await startTestApp('compat-connectors');
  dh = datahubFor(app);
});
afterAll(async () => {
  await app?.close();
});

const stamp = { time: 0, actor: 'urn:li:corpuser:ingest' };
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,shop.orders,PROD)';
/** A snapshot record as the file source reads it (the Avro names the client writes), and what REST v3 reads back. */
const snapshots: { type: string; record: string; urn: string; aspects: { record: string; aspect: string; value: Record<string, unknown>; read?: unknown }[] }[] = [
  {
    type: 'dataset', record: 'DatasetSnapshot', urn: ORDERS,
    aspects: [
      { record: 'dataset.DatasetProperties', aspect: 'datasetProperties', value: { customProperties: {}, name: 'orders', description: 'All orders', tags: [] } },
      { record: 'common.Ownership', aspect: 'ownership', value: { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'DATAOWNER' }], ownerTypes: {}, lastModified: stamp } },
    ],
  },
  {
    type: 'chart', record: 'ChartSnapshot', urn: 'urn:li:chart:(superset,orders_by_day)',
    aspects: [{ record: 'chart.ChartInfo', aspect: 'chartInfo', value: { customProperties: {}, title: 'Orders by day', description: '', lastModified: { created: stamp, lastModified: stamp }, inputs: [{ string: ORDERS }] } }],
  },
  {
    type: 'dashboard', record: 'DashboardSnapshot', urn: 'urn:li:dashboard:(superset,sales)',
    aspects: [{ record: 'dashboard.DashboardInfo', aspect: 'dashboardInfo', value: { customProperties: {}, title: 'Sales', description: '', charts: ['urn:li:chart:(superset,orders_by_day)'], datasets: [], dashboards: [], lastModified: { created: stamp, lastModified: stamp } } }],
  },
  {
    type: 'corpGroup', record: 'CorpGroupSnapshot', urn: 'urn:li:corpGroup:analysts',
    aspects: [{ record: 'identity.CorpGroupInfo', aspect: 'corpGroupInfo', value: { displayName: 'Analysts', admins: [], members: [], groups: [] } }],
  },
  {
    type: 'glossaryNode', record: 'GlossaryNodeSnapshot', urn: 'urn:li:glossaryNode:finance',
    aspects: [{ record: 'glossary.GlossaryNodeInfo', aspect: 'glossaryNodeInfo', value: { customProperties: {}, definition: 'Money words', name: 'Finance' } }],
  },
  {
    type: 'mlModel', record: 'MLModelSnapshot', urn: 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)',
    aspects: [{ record: 'ml.metadata.MLModelProperties', aspect: 'mlModelProperties', value: { customProperties: {}, description: 'xgboost', tags: [] } }],
  },
];
/** Proposals of aspects that travel only as proposals. */
const proposals: { type: string; urn: string; aspect: string; value: Record<string, unknown> }[] = [
  { type: 'container', urn: 'urn:li:container:5a1c0e', aspect: 'containerProperties', value: { customProperties: { db: 'shop' }, name: 'shop' } },
  { type: 'container', urn: 'urn:li:container:5a1c0e', aspect: 'subTypes', value: { typeNames: ['Database'] } },
  { type: 'dataset', urn: ORDERS, aspect: 'container', value: { container: 'urn:li:container:5a1c0e' } },
  { type: 'dataset', urn: ORDERS, aspect: 'viewProperties', value: { materialized: false, viewLogic: 'select * from raw', viewLanguage: 'SQL' } },
  { type: 'domain', urn: 'urn:li:domain:sales', aspect: 'domainProperties', value: { customProperties: {}, name: 'Sales' } },
  { type: 'dataProduct', urn: 'urn:li:dataProduct:orders', aspect: 'dataProductProperties', value: { customProperties: {}, name: 'Orders', assets: [] } },
  { type: 'mlFeature', urn: 'urn:li:mlFeature:(users,age)', aspect: 'mlFeatureProperties', value: { customProperties: {}, description: 'age in years' } },
];

describe('datahub ingest of every entity type the registry holds', () => {
  it('writes every snapshot and proposal of a file source at the sink\'s default settings, each read back as sent', async () => {
    const records = [
      ...snapshots.map((s) => ({
        proposedSnapshot: { [`com.linkedin.pegasus2avro.metadata.snapshot.${s.record}`]: { urn: s.urn, aspects: s.aspects.map((a) => ({ [`com.linkedin.pegasus2avro.${a.record}`]: a.value })) } },
      })),
      ...proposals.map((p) => ({ entityType: p.type, entityUrn: p.urn, changeType: 'UPSERT', aspectName: p.aspect, aspect: { json: p.value } })),
    ];
    const data = dh.file('records.json', JSON.stringify(records));
    const recipe = dh.file('recipe.yml', `source:\n  type: file\n  config:\n    path: ${data}\n${restSink(app)}`);
    const res = await dh.cli(['ingest', '-c', recipe]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain("'failures': []");
    expect(out(res)).toContain('Pipeline finished successfully');
    for (const s of snapshots) {
      for (const a of s.aspects) {
        const read = await app.get(`/openapi/v3/entity/${s.type}/${enc(s.urn)}/${a.aspect}`);
        expect(read.status, `${s.type} ${a.aspect}: ${read.text}`).toBe(200);
        expect(read.body[a.aspect].value, `${s.type} ${a.aspect}`).toEqual(a.value);
      }
    }
    for (const p of proposals) {
      const read = await app.get(`/openapi/v3/entity/${p.type}/${enc(p.urn)}/${p.aspect}`);
      expect(read.status, `${p.type} ${p.aspect}: ${read.text}`).toBe(200);
      expect(read.body[p.aspect].value, `${p.type} ${p.aspect}`).toEqual(p.value);
    }
    // GraphQL presents each of them, named as its properties aspect names it.
    const urns = [...new Set([...snapshots.map((s) => s.urn), ...proposals.map((p) => p.urn)])];
    const gql = await graphqlData(app, 'query q($urns: [String!]!) { entities(urns: $urns) { __typename urn type ... on Chart { name } ... on Container { name subTypes { typeNames } } ... on MLFeature { name properties { description } } } }', { urns });
    expect(gql.entities.map((e: any) => e.urn)).toEqual(urns);
    expect(gql.entities.map((e: any) => e.__typename)).toEqual(['Dataset', 'Chart', 'Dashboard', 'CorpGroup', 'GlossaryNode', 'MLModel', 'Container', 'Domain', 'DataProduct', 'MLFeature']);
    expect(gql.entities.find((e: any) => e.__typename === 'Chart').name).toBe('Orders by day');
    expect(gql.entities.find((e: any) => e.__typename === 'Container')).toMatchObject({ name: 'shop', subTypes: { typeNames: ['Database'] } });
    expect(gql.entities.find((e: any) => e.__typename === 'MLFeature')).toMatchObject({ name: 'age', properties: { description: 'age in years' } });
  });
});

describe('the business glossary source and time-series records', () => {
  const glossary = [
    'version: 1',
    'source: DataHub',
    'owners:',
    '  users:',
    '    - jdoe',
    'nodes:',
    '  - name: Classification',
    '    description: How sensitive data is',
    '    terms:',
    '      - name: Sensitive',
    '        description: Data that must be protected',
    '        custom_properties:',
    '          is_confidential: "true"',
    '      - name: Confidential',
    '        description: Data shared on a need-to-know basis',
    '        inherits:',
    '          - Classification.Sensitive',
    '  - name: Customer',
    '    description: What we know about customers',
    '    terms:',
    '      - name: Email',
    '        description: A customer\'s email address',
    '        domain: Sales',
    '        contains:',
    '          - Classification.Sensitive',
    '',
  ].join('\n');

  it('writes every node and term of a glossary file (a domain resolved by name), each readable and searchable', async () => {
    // The domain the file names (by name) was written by the first test; searches see it once refreshed.
    await app.refresh();
    const file = dh.file('glossary.yml', glossary);
    const recipe = dh.file('glossary-recipe.yml', `source:\n  type: datahub-business-glossary\n  config:\n    file: ${file}\n    enable_auto_id: false\n${restSink(app)}`);
    const res = await dh.cli(['ingest', '-c', recipe]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain("'failures': []");
    expect(out(res)).toContain('Pipeline finished successfully');
    const term = await app.get(`/openapi/v3/entity/glossaryterm/${enc('urn:li:glossaryTerm:Classification.Confidential')}`);
    expect(term.status, term.text).toBe(200);
    expect(term.body.glossaryTermInfo.value).toMatchObject({ name: 'Confidential', definition: 'Data shared on a need-to-know basis', parentNode: 'urn:li:glossaryNode:Classification' });
    expect(term.body.glossaryRelatedTerms.value).toEqual({ isRelatedTerms: ['urn:li:glossaryTerm:Classification.Sensitive'] });
    const email = await app.get(`/openapi/v3/entity/glossaryterm/${enc('urn:li:glossaryTerm:Customer.Email')}/glossaryRelatedTerms`);
    expect(email.body.glossaryRelatedTerms.value).toEqual({ hasRelatedTerms: ['urn:li:glossaryTerm:Classification.Sensitive'] });
    const domains = await app.get(`/openapi/v3/entity/glossaryterm/${enc('urn:li:glossaryTerm:Customer.Email')}/domains`);
    expect(domains.body.domains.value.domains).toEqual(['urn:li:domain:sales']);
    const node = await app.get(`/openapi/v3/entity/glossarynode/${enc('urn:li:glossaryNode:Customer')}`);
    expect(node.status, node.text).toBe(200);
    expect(node.body.glossaryNodeInfo.value).toMatchObject({ name: 'Customer', definition: 'What we know about customers' });
    await app.refresh();
    const found = await graphqlData(app, '{ searchAcrossEntities(input: {types: [GLOSSARY_TERM], query: "need-to-know", count: 10}) { searchResults { entity { urn } } } }');
    expect(found.searchAcrossEntities.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual(['urn:li:glossaryTerm:Classification.Confidential']);
  });

  it('writes time-series records (profiles, operations, assertion runs) beside the entities they describe, read back as sent', async () => {
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,shop.profiled,PROD)';
    const assertion = 'urn:li:assertion:orders-not-null';
    const t = Date.UTC(2026, 10, 1);
    const profile = { timestampMillis: t, rowCount: 1200, columnCount: 2, fieldProfiles: [{ fieldPath: 'id', nullCount: 0, nullProportion: 0 }], partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' } };
    const operation = { timestampMillis: t, lastUpdatedTimestamp: t, operationType: 'INSERT', numAffectedRows: 12, partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' } };
    const run = { timestampMillis: t, runId: 'dbt-run-1', asserteeUrn: ds, assertionUrn: assertion, status: 'COMPLETE', result: { type: 'SUCCESS', nativeResults: {} }, partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' } };
    const records = [
      { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'datasetProperties', aspect: { json: { customProperties: {}, name: 'profiled', tags: [] } } },
      { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'datasetProfile', aspect: { json: profile } },
      { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'operation', aspect: { json: operation } },
      { entityType: 'assertion', entityUrn: assertion, changeType: 'UPSERT', aspectName: 'assertionRunEvent', aspect: { json: run } },
    ];
    const data = dh.file('timeseries.json', JSON.stringify(records));
    const recipe = dh.file('timeseries.yml', `source:\n  type: file\n  config:\n    path: ${data}\n${restSink(app)}`);
    const res = await dh.cli(['ingest', '-c', recipe]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain("'failures': []");
    await app.refresh();
    const latest = async (urn: string, entity: string, aspect: string) => {
      const r = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn, entity, aspect, latestValue: true });
      expect(r.status, r.text).toBe(200);
      return JSON.parse(r.body.value.values[0].aspect.value);
    };
    expect(await latest(ds, 'dataset', 'datasetProfile')).toEqual(profile);
    expect(await latest(ds, 'dataset', 'operation')).toEqual(operation);
    expect(await latest(assertion, 'assertion', 'assertionRunEvent')).toEqual(run);
  });
});

describe('every sink mode and endpoint of the datahub-rest sink', () => {
  for (const [mode, endpoint] of [['SYNC', 'RESTLI'], ['ASYNC', 'RESTLI'], ['ASYNC_BATCH', 'RESTLI'], ['ASYNC_BATCH', 'OPENAPI'], ['SYNC', 'OPENAPI']] as const) {
    it(`${mode} over ${endpoint}: a snapshot, proposals and a profile all land`, async () => {
      const name = `modes_${mode}_${endpoint}`.toLowerCase();
      const ds = `urn:li:dataset:(urn:li:dataPlatform:hive,shop.${name},PROD)`;
      const t = Date.UTC(2026, 10, 2);
      const profile = { timestampMillis: t, rowCount: 7, columnCount: 1, partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' } };
      const records = [
        { proposedSnapshot: { 'com.linkedin.pegasus2avro.metadata.snapshot.DatasetSnapshot': { urn: ds, aspects: [{ 'com.linkedin.pegasus2avro.dataset.DatasetProperties': { customProperties: {}, name, tags: [] } }] } } },
        { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'status', aspect: { json: { removed: false } } },
        { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'subTypes', aspect: { json: { typeNames: ['Table'] } } },
        { entityType: 'dataset', entityUrn: ds, changeType: 'UPSERT', aspectName: 'datasetProfile', aspect: { json: profile } },
      ];
      const data = dh.file(`${name}.json`, JSON.stringify(records));
      const recipe = dh.file(`${name}.yml`, `source:\n  type: file\n  config:\n    path: ${data}\n${restSink(app, `mode: ${mode}`, `endpoint: ${endpoint}`)}`);
      const res = await dh.cli(['ingest', '-c', recipe]);
      expect(res.code, out(res)).toBe(0);
      expect(out(res)).toContain("'failures': []");
      expect(out(res)).not.toMatch(/HTTPError|Unable to emit/);
      const read = await app.get(`/openapi/v3/entity/dataset/${enc(ds)}`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.datasetProperties.value.name).toBe(name);
      expect(read.body.subTypes.value).toEqual({ typeNames: ['Table'] });
      await app.refresh();
      const points = await app.post('/gms/aspects?action=getTimeseriesAspectValues', { urn: ds, entity: 'dataset', aspect: 'datasetProfile' });
      expect(points.body.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value))).toEqual([profile]);
    });
  }
});

