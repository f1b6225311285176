/**
 * The original's ingestion framework, unchanged, filling Tessera with every kind of record its connectors emit: a
 * `file` source of snapshot records (MCEs) and proposals (MCPs) built here for the entity types of the registry, run
 * through `datahub ingest` with the datahub-rest sink at its default settings. Nothing fails, and every record reads back
 * through REST v3 exactly as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, type Datahub } from './datahub.js';

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
    const recipe = dh.file('recipe.yml', `source:\n  type: file\n  config:\n    path: ${data}\nsink:\n  type: datahub-rest\n  config:\n    server: ${app.url}/gms\n    token: ${app.token}\n`);
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
