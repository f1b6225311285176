import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, runCliInTty, tempHome, writeHomeFile } from './cli-harness.js';
import { enc, startTestApp, type TestApp } from './harness.js';

const CLICKS = 'urn:li:dataset:(urn:li:dataPlatform:hive,user.clicks,PROD)';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,DEV)';
const ORPHAN = 'urn:li:dataset:(urn:li:dataPlatform:hive,orphan,PROD)';
const RETENTION = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const TEAM = 'urn:li:structuredProperty:io.acryl.dataManagement.team';

const PROPERTIES = `
- id: io.acryl.privacy.retentionTime
  type: number
  cardinality: MULTIPLE
  entity_types: [dataset]
  allowed_values: [{ value: 30 }, { value: 90 }, { value: 365 }]
- id: io.acryl.dataManagement.team
  type: string
  entity_types: [dataset, schemaField]
- id: io.acryl.dataManagement.certifier
  type: urn
  entity_types: [schemaField]
`;

const DATASETS = `
- id: user.clicks
  platform: hive
  description: Clicks of users on the site
  properties:
    owner_team: web
  schema:
    fields:
      - id: ip
        type: string
        description: The IP address of the click
        structured_properties:
          io.acryl.dataManagement.team: networking
          urn:li:structuredProperty:io.acryl.dataManagement.certifier: urn:li:corpuser:jane
      - id: url
        type: string
      - id: time
        type: timestamp
        nativeDataType: TIMESTAMP(3)
  tags: [clicks, urn:li:tag:pii]
  structured_properties:
    io.acryl.privacy.retentionTime: [30, 90]
    io.acryl.dataManagement.team: web
- id: orphan
  platform: hive
  structured_properties:
    io.acryl.missing.property: 1
- urn: ${ORDERS}
  description: Orders
  schema:
    fields:
      - id: order_id
        structured_properties:
          io.acryl.dataManagement.team: sales
`;

let app: TestApp;
let home: string;
let env: Record<string, string>;
const file = (name: string, text: string) => writeHomeFile(home, name, text);
const aspect = async (urn: string, name: string) => (await app.get(`/openapi/v2/entity/${urn.split(':')[2]}/${enc(urn)}/${name}`)).body?.value;
const field = (ds: string, path: string) => `urn:li:schemaField:(${ds},${path})`;

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('cli-dataset');
  home = tempHome();
  env = cliEnv(app, home);
  const r = await runCli(['properties', 'upsert', '-f', file('props.yaml', PROPERTIES)], env);
  expect(r.code, r.stderr).toBe(0);
});
afterAll(async () => app?.close());

describe('tessera dataset upsert', () => {
  it('refuses a file naming a missing property, writing nothing, with the entry and field; --skip-invalid writes the others', async () => {
    const f = file('datasets.yaml', DATASETS);
    const refused = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`${f}: entry 2 (id orphan): structured_properties.io.acryl.missing.property: missing entity reference: structured property urn:li:structuredProperty:io.acryl.missing.property does not exist`);
    expect(refused.stderr).toContain('Nothing was written: 1 problem in 1 of 3 datasets. Fix them, or pass --skip-invalid to write the other datasets.');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(CLICKS)}`)).status).toBe(404);

    const r = await runCli(['dataset', 'upsert', '--skip-invalid', '-f', f], env);
    expect(r.stdout.trim().split('\n')).toEqual([`Update succeeded for urn ${CLICKS}`, `Update succeeded for urn ${ORDERS}`]);
    expect(r.stderr).toContain(`Skipping Dataset ${ORPHAN} due to 1 problem: ${f}: entry 2 (id orphan): structured_properties.io.acryl.missing.property: missing entity reference`);
    expect(r.stderr.trim().split('\n').pop()).toBe(`Error: Failed to sync the following Datasets: ${ORPHAN}`);
    expect(r.code).toBe(1);

    expect(await aspect(CLICKS, 'datasetProperties')).toMatchObject({ name: 'user.clicks', description: 'Clicks of users on the site', customProperties: { owner_team: 'web' } });
    const schema = await aspect(CLICKS, 'schemaMetadata');
    expect(schema.fields).toEqual([
      { fieldPath: 'ip', type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'string', description: 'The IP address of the click' },
      { fieldPath: 'url', type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'string' },
      { fieldPath: 'time', type: { type: { 'com.linkedin.schema.TimeType': {} } }, nativeDataType: 'TIMESTAMP(3)' },
    ]);
    expect(schema.platform).toBe('urn:li:dataPlatform:hive');
    expect(await aspect(CLICKS, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:clicks' }, { tag: 'urn:li:tag:pii' }] });
    expect((await aspect(CLICKS, 'structuredProperties')).properties).toEqual([
      { propertyUrn: RETENTION, values: [{ double: 30 }, { double: 90 }] },
      { propertyUrn: TEAM, values: [{ string: 'web' }] },
    ]);
    expect((await aspect(field(CLICKS, 'ip'), 'structuredProperties')).properties).toEqual([
      { propertyUrn: TEAM, values: [{ string: 'networking' }] },
      { propertyUrn: 'urn:li:structuredProperty:io.acryl.dataManagement.certifier', values: [{ string: 'urn:li:corpuser:jane' }] },
    ]);
    // Untyped fields: no schemaMetadata, but the column's properties are still written.
    expect(await aspect(ORDERS, 'schemaMetadata')).toBeUndefined();
    expect((await aspect(field(ORDERS, 'order_id'), 'structuredProperties')).properties).toEqual([{ propertyUrn: TEAM, values: [{ string: 'sales' }] }]);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(ORPHAN)}`)).status).toBe(404);
  });

  it('reports every problem of a file at once, each with entry, column and field, before writing anything', async () => {
    const f = file('refused.yaml', `
- id: refused
  platform: hive
  structured_properties:
    io.acryl.privacy.retentionTime: 31
- id: accepted
  platform: hive
  structured_properties:
    io.acryl.privacy.retentionTime: 365
- id: columns
  platform: hive
  schema:
    fields:
      - id: a
        structured_properties:
          io.acryl.privacy.retentionTime: 30
      - id: b
        structured_properties:
          io.acryl.dataManagement.team: [x, y]
`);
    const r = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      `Error: ${f}: entry 1 (id refused): structured_properties.io.acryl.privacy.retentionTime: Property: ${RETENTION}, value: {double=31.0} should be one of [{double=30.0}, {double=90.0}, {double=365.0}]`,
      `${f}: entry 3 (id columns): column a: schema.fields[0].structured_properties.io.acryl.privacy.retentionTime: Property: ${RETENTION} cannot be set on ${field('urn:li:dataset:(urn:li:dataPlatform:hive,columns,PROD)', 'a')}: entity type schemaField is not one of its entityTypes [dataset]`,
      `${f}: entry 3 (id columns): column b: schema.fields[1].structured_properties.io.acryl.dataManagement.team: Property: ${TEAM} has cardinality 1, but multiple values were assigned: [{string=x}, {string=y}]`,
      'Nothing was written: 3 problems in 2 of 3 datasets. Fix them, or pass --skip-invalid to write the other datasets.',
    ]);
    const accepted = 'urn:li:dataset:(urn:li:dataPlatform:hive,accepted,PROD)';
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(accepted)}`)).status).toBe(404);

    const skipped = await runCli(['--json', 'dataset', 'upsert', '--skip-invalid', '-f', f], env);
    expect(skipped.code).toBe(1);
    expect(skipped.json.map((o: { urn: string; ok: boolean }) => [o.urn.split(',')[1], o.ok])).toEqual([['refused', false], ['accepted', true], ['columns', false]]);
    expect(skipped.json[0].error).toContain(`value: {double=31.0} should be one of`);
    const refused = 'urn:li:dataset:(urn:li:dataPlatform:hive,refused,PROD)';
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(refused)}`)).status).toBe(404);
    expect((await aspect(accepted, 'structuredProperties')).properties).toEqual([{ propertyUrn: RETENTION, values: [{ double: 365 }] }]);
  });

  it('sends a file in batches of whole datasets, a few requests for many datasets, waiting for search once per phase', async () => {
    const posts = async () => {
      const text = (await app.request('GET', '/metrics')).text;
      return [...text.matchAll(/^tessera_http_request_duration_seconds_count\{[^}]*method="POST"[^}]*route="[^"]*\/aspects"[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
    };
    const many = Array.from({ length: 1200 }, (_, i) => `- id: batch.d${i}\n  platform: hive\n  tags: [batch]\n  structured_properties: { io.acryl.privacy.retentionTime: 90 }\n  schema:\n    fields:\n      - id: c\n        structured_properties: { io.acryl.dataManagement.team: t${i} }\n`).join('');
    const before = await posts();
    const r = await runCli(['dataset', 'upsert', '--batch-size', '1000', '-f', file('many.yaml', many)], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1200);
    // 1,200 datasets × 3 changes and 1,200 columns: 4 + 2 requests (batches hold whole datasets, up to 1,000 changes).
    expect((await posts()) - before).toBe(6);
    // Search sees all of them as soon as the command has exited.
    const found = await app.post('/api/graphql', { query: '{ searchAcrossEntities(input: {types: [DATASET], query: "*", count: 0, orFilters: [{and: [{field: "tags", values: ["urn:li:tag:batch"]}]}]}) { total } }' });
    expect(found.body.data.searchAcrossEntities.total).toBe(1200);
    const last = 'urn:li:dataset:(urn:li:dataPlatform:hive,batch.d1199,PROD)';
    expect((await aspect(field(last, 'c'), 'structuredProperties')).properties).toEqual([{ propertyUrn: TEAM, values: [{ string: 't1199' }] }]);
  });

  it('refuses a bad file with the file name, the entry and the field, writing nothing', async () => {
    const f = file('bad-datasets.yaml', `
- id: ok.but.not.written
  platform: hive
- id: mixed
  platform: hive
  schema:
    fields: [{ id: a, type: string }, { id: b }]
- id: nopl
- id: extra
  platform: hive
  colour: red
- id: badtype
  platform: hive
  schema:
    fields: [{ id: a, type: varchar }]
- id: badenv
  platform: hive
  env: MARS
`);
    const r = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${f}: entry 2 (id mixed): schema.fields: Either all fields must have type information or none of them should`);
    expect(r.stderr).toContain(`${f}: entry 3 (id nopl): platform: is required with id`);
    expect(r.stderr).toContain(`${f}: entry 4 (id extra): colour: unknown field`);
    expect(r.stderr).toContain(`${f}: entry 5 (id badtype): schema.fields[0].type: unknown type varchar`);
    expect(r.stderr).toMatch(new RegExp(`entry 6 \\(id badenv\\): env: Invalid urn: .*unknown environment MARS`));
    expect((await app.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:hive,ok.but.not.written,PROD)')}`)).status).toBe(404);
  });

  it('shows a progress bar on a terminal and plain lines otherwise', async () => {
    const many = Array.from({ length: 5 }, (_, i) => `- id: bulk${i}\n  platform: hive\n  description: bulk ${i}\n`).join('');
    const f = file('bulk.yaml', many);
    const tty = await runCliInTty(['dataset', 'upsert', '-f', f], env, '');
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/\[#+-*\] \d\/5 datasets/);
    expect(tty.stdout).toContain('Update succeeded for urn urn:li:dataset:(urn:li:dataPlatform:hive,bulk4,PROD)');
    const plain = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(plain.stderr).toBe('');
    expect(plain.stdout.trim().split('\n')).toEqual(Array.from({ length: 5 }, (_, i) => `Update succeeded for urn urn:li:dataset:(urn:li:dataPlatform:hive,bulk${i},PROD)`));
  });
});

describe('tessera dataset upsert with the original\'s full dataset file', () => {
  const AVSC = JSON.stringify({
    type: 'record',
    name: 'Order',
    fields: [
      { name: 'order_id', type: 'long', doc: 'the order' },
      { name: 'note', type: ['null', 'string'] },
      { name: 'customer', type: { type: 'record', name: 'Customer', fields: [{ name: 'email', type: 'string' }] } },
      { name: 'placed', type: { type: 'int', logicalType: 'date' } },
    ],
  });
  const FULL = 'urn:li:dataset:(urn:li:dataPlatform:kafka,shop.orders,PROD)';
  const DOWN = 'urn:li:dataset:(urn:li:dataPlatform:kafka,shop.orders_copy,PROD)';

  it('stores schema.file, owners, terms, downstreams, subtypes, domains, properties, external_url and column details', async () => {
    file('orders.avsc', AVSC);
    const f = file('full.yaml', `
- id: shop.orders
  platform: kafka
  description: Orders of the shop
  external_url: https://shop.example/orders
  subtype: Topic
  subtypes: [Stream]
  properties: { retention: 7d }
  owners: [jane, { id: bob, type: BUSINESS_OWNER }, { id: eve, type: urn:li:ownershipType:steward }]
  glossary_terms: [Commerce.Order]
  domains: [sales]
  downstreams: [shop.orders_copy]
  tags: [gold]
  schema:
    file: orders.avsc
    fields:
      - id: customer.email
        description: who ordered
        globalTags: [pii]
        glossaryTerms: [Contact.Email]
        structured_properties:
          io.acryl.dataManagement.certifier: urn:li:corpuser:jane
  structured_properties:
    io.acryl.dataManagement.team: shop
`);
    const r = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe(`Update succeeded for urn ${FULL}`);
    expect(await aspect(FULL, 'datasetProperties')).toMatchObject({ description: 'Orders of the shop', externalUrl: 'https://shop.example/orders', customProperties: { retention: '7d' } });
    const schema = await aspect(FULL, 'schemaMetadata');
    expect(schema.platformSchema['com.linkedin.schema.OtherSchema'].rawSchema).toBe(AVSC);
    expect(schema.fields.map((x: any) => [x.fieldPath, Object.keys(x.type.type)[0], x.nullable ?? false])).toEqual([
      ['order_id', 'com.linkedin.schema.NumberType', false],
      ['note', 'com.linkedin.schema.StringType', true],
      ['customer', 'com.linkedin.schema.RecordType', false],
      ['customer.email', 'com.linkedin.schema.StringType', false],
      ['placed', 'com.linkedin.schema.DateType', false],
    ]);
    const email = schema.fields[3];
    expect(email.description).toBe('who ordered');
    expect(email.globalTags).toEqual({ tags: [{ tag: 'urn:li:tag:pii' }] });
    expect(email.glossaryTerms.terms).toEqual([{ urn: 'urn:li:glossaryTerm:Contact.Email' }]);
    expect(schema.fields[0].description).toBe('the order');
    expect(await aspect(FULL, 'subTypes')).toEqual({ typeNames: ['Topic', 'Stream'] });
    expect((await aspect(FULL, 'ownership')).owners).toEqual([
      { owner: 'urn:li:corpuser:jane', type: 'TECHNICAL_OWNER' },
      { owner: 'urn:li:corpuser:bob', type: 'BUSINESS_OWNER' },
      { owner: 'urn:li:corpuser:eve', type: 'CUSTOM', typeUrn: 'urn:li:ownershipType:steward' },
    ]);
    expect((await aspect(FULL, 'glossaryTerms')).terms).toEqual([{ urn: 'urn:li:glossaryTerm:Commerce.Order' }]);
    expect(await aspect(FULL, 'domains')).toEqual({ domains: ['urn:li:domain:sales'] });
    expect(await aspect(FULL, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:gold' }] });
    expect(await aspect(DOWN, 'upstreamLineage')).toEqual({ upstreams: [{ dataset: FULL, type: 'COPY' }] });
    expect((await aspect(field(FULL, 'customer.email'), 'structuredProperties')).properties).toEqual([
      { propertyUrn: 'urn:li:structuredProperty:io.acryl.dataManagement.certifier', values: [{ string: 'urn:li:corpuser:jane' }] },
    ]);

    // dataset get shows it in the file's shape, and that output is a file upsert takes back.
    const got = await runCli(['dataset', 'get', '--urn', FULL], env);
    const view = JSON.parse(got.stdout);
    expect(view).toMatchObject({
      external_url: 'https://shop.example/orders', subtype: 'Topic', subtypes: ['Stream'], tags: ['gold'], glossary_terms: ['Commerce.Order'], domains: ['sales'],
      owners: ['jane', { id: 'bob', type: 'BUSINESS_OWNER' }, { id: 'eve', type: 'urn:li:ownershipType:steward' }],
    });
    expect(view.schema.fields[3]).toMatchObject({ id: 'customer.email', globalTags: ['pii'], glossaryTerms: ['Contact.Email'], structured_properties: { 'io.acryl.dataManagement.certifier': 'urn:li:corpuser:jane' } });
    const again = await runCli(['dataset', 'upsert', '-f', file('roundtrip.yaml', got.stdout)], env);
    expect(again.stderr).toBe('');
    expect(again.stdout.trim()).toBe(`Update succeeded for urn ${FULL}`);
  });

  it('refuses a column value its property does not allow on columns before writing anything of the dataset', async () => {
    const f = file('column-refused.yaml', `
- id: shop.refused
  platform: kafka
  description: never written
  schema:
    fields:
      - id: a
        type: string
        structured_properties:
          io.acryl.privacy.retentionTime: 30
`);
    const r = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('entity type schemaField is not one of its entityTypes [dataset]');
    expect((await app.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:kafka,shop.refused,PROD)')}`)).status).toBe(404);
  });

  it('refuses a file whose schema file is missing or names an unknown field, with file, entry and field', async () => {
    const f = file('bad-schema.yaml', `
- id: a
  platform: kafka
  schema: { file: nowhere.avsc }
- id: b
  platform: kafka
  schema: { file: orders.avsc, fields: [{ id: nope }] }
- id: c
  platform: kafka
  schema: { file: orders.json }
- id: d
  platform: kafka
  owners: [{ id: x, type: boss }]
`);
    const r = await runCli(['dataset', 'upsert', '-f', f], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/entry 1 \(id a\): schema\.file: cannot read .*nowhere\.avsc \(ENOENT\)/);
    expect(r.stderr).toContain('entry 2 (id b): schema.fields[0].id: Field nope not found in the schema file orders.avsc');
    expect(r.stderr).toContain('entry 3 (id c): schema.file: file must be a .avsc file');
    expect(r.stderr).toContain('entry 4 (id d): owners[0].type: unknown ownership type boss');
  });
});

describe('tessera dataset get', () => {
  it('shows the dataset in the file shape, with column-level properties', async () => {
    const r = await runCli(['dataset', 'get', '--urn', CLICKS], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      urn: CLICKS,
      id: 'user.clicks',
      platform: 'hive',
      env: 'PROD',
      name: 'user.clicks',
      description: 'Clicks of users on the site',
      properties: { owner_team: 'web' },
      schema: {
        fields: [
          { id: 'ip', type: 'string', description: 'The IP address of the click', structured_properties: { 'io.acryl.dataManagement.team': 'networking', 'io.acryl.dataManagement.certifier': 'urn:li:corpuser:jane' } },
          { id: 'url', type: 'string' },
          { id: 'time', type: 'time', nativeDataType: 'TIMESTAMP(3)' },
        ],
      },
      tags: ['clicks', 'pii'],
      structured_properties: { 'io.acryl.privacy.retentionTime': [30, 90], 'io.acryl.dataManagement.team': 'web' },
    });
    const short = await runCli(['dataset', 'get', '--urn', '(urn:li:dataPlatform:hive,user.clicks,PROD)'], env);
    expect(JSON.parse(short.stdout).urn).toBe(CLICKS);
    const missing = await runCli(['dataset', 'get', '--urn', ORPHAN], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`Error: Dataset ${ORPHAN} does not exist`);
  });
});
