/** The original's `datahub` CLI, unchanged, against Tessera (CREATE_MISSING_ENTITIES off): each result is read back through REST v3 and GraphQL too. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, type Datahub } from './datahub.js';
import { RETENTION_TIME_YAML } from '../fixtures/spec-properties.js';

const RETENTION = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const SLA = 'urn:li:structuredProperty:io.acryl.dataManagement.replicationSLA';
const CLUSTER = 'urn:li:structuredProperty:clusterName';
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,compat.clicks,PROD)';
const FIELD = `urn:li:schemaField:(${DS},ip)`;

const PROPERTIES_YAML = `
${RETENTION_TIME_YAML}- id: io.acryl.dataManagement.replicationSLA
  type: number
  display_name: Replication SLA
  description: "SLA for how long data can be delayed before replicating to the destination cluster"
  entity_types:
    - dataset
- id: clusterName
  type: string
  display_name: Cluster name
  entity_types:
    - dataset
    - schemaField
`;

const DATASET_YAML = `
- id: compat.clicks
  platform: hive
  description: clicks of users
  subtype: Table
  tags:
    - gold
  owners:
    - jdoe
  glossary_terms:
    - Commerce.Click
  properties:
    team: growth
  schema:
    fields:
      - id: ip
        type: string
        description: the client ip
        globalTags:
          - pii
        glossaryTerms:
          - Contact.Address
        structured_properties:
          clusterName: edge
  structured_properties:
    io.acryl.privacy.retentionTime:
      - 30
      - 90
    io.acryl.dataManagement.replicationSLA: 12
    clusterName: main
`;

let app: TestApp;
let dh: Datahub;
const out = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
const v3 = async (urn: string, aspect: string) => (await app.get(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`)).body?.[aspect]?.value;
const propertyValues = (sp: { properties: { propertyUrn: string; values: unknown[] }[] }) => Object.fromEntries(sp.properties.map((p) => [p.propertyUrn, p.values]));

beforeAll(async () => {
  app = await startTestApp('compat-cli');
  dh = datahubFor(app);
});
afterAll(async () => {
  await app?.close();
});

describe('datahub CLI against Tessera', () => {
  it('init stores the server and the token', async () => {
    const res = await dh.cli(['init', '--host', `${app.url}/gms`, '--token', app.token, '--force']);
    expect(res.code, out(res)).toBe(0);
    expect(readFileSync(join(dh.dir, '.datahubenv'), 'utf8')).toContain(`${app.url}/gms`);
  });

  it('properties upsert, get and list', async () => {
    const up = await dh.cli(['properties', 'upsert', '-f', dh.file('properties.yaml', PROPERTIES_YAML)]);
    expect(up.code, out(up)).toBe(0);
    expect(out(up)).toContain(`Created structured property ${RETENTION}`);

    const got = await dh.cli(['properties', 'get', '--urn', RETENTION]);
    expect(got.code, out(got)).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      urn: RETENTION,
      type: 'urn:li:dataType:datahub.number',
      cardinality: 'MULTIPLE',
      entity_types: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
      allowed_values: [{ value: 30 }, { value: 90 }, { value: 365 }],
    });
    // Tessera's own surfaces keep the specification's brand.
    expect(await v3(RETENTION, 'propertyDefinition')).toMatchObject({ valueType: 'urn:li:dataType:service.number', entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataFlow'] });
    const gql = await graphqlData(app, `{ structuredProperty(urn: "${RETENTION}") { definition { valueType { urn } cardinality } } }`);
    expect(gql.structuredProperty.definition).toEqual({ valueType: { urn: 'urn:li:dataType:service.number' }, cardinality: 'MULTIPLE' });

    await app.refresh(); // the list is a search
    const list = await dh.cli(['properties', 'list']);
    expect(list.code, out(list)).toBe(0);
    for (const urn of [RETENTION, SLA, CLUSTER]) expect(list.stdout).toContain(`"urn": "${urn}"`);
  });

  it('dataset upsert with dataset and column properties, tags and terms, then dataset get', async () => {
    // The client checks that the glossary terms a file names exist before it writes anything.
    for (const term of ['Commerce.Click', 'Contact.Address']) {
      const info = dh.file(`${term}.json`, JSON.stringify({ definition: `the ${term} term`, termSource: 'INTERNAL' }));
      const put = await dh.cli(['put', '--urn', `urn:li:glossaryTerm:${term}`, '--aspect', 'glossaryTermInfo', '-d', info]);
      expect(put.code, out(put)).toBe(0);
    }
    const up = await dh.cli(['dataset', 'upsert', '-f', dh.file('dataset.yaml', DATASET_YAML)]);
    expect(up.code, out(up)).toBe(0);
    expect(out(up)).toContain(`Update succeeded for urn ${DS}`);

    const got = await dh.cli(['dataset', 'get', '--urn', DS]);
    expect(got.code, out(got)).toBe(0);
    const ds = JSON.parse(got.stdout);
    expect(ds).toMatchObject({ description: 'clicks of users', subtype: 'Table', tags: ['gold'], owners: ['urn:li:corpuser:jdoe'], properties: { team: 'growth' } });
    expect(ds.structured_properties).toEqual({ 'io.acryl.privacy.retentionTime': [30, 90], 'io.acryl.dataManagement.replicationSLA': 12, clusterName: 'main' });
    expect(ds.schema_metadata.fields[0]).toMatchObject({ id: 'ip', structured_properties: { clusterName: 'edge' }, globalTags: ['pii'], glossaryTerms: ['Contact.Address'] });
    expect(ds.glossary_terms).toEqual(['Commerce.Click']);
    expect((await v3(DS, 'glossaryTerms')).terms).toEqual([{ urn: 'urn:li:glossaryTerm:Commerce.Click' }]);

    expect(propertyValues(await v3(DS, 'structuredProperties'))).toEqual({ [RETENTION]: [{ double: 30 }, { double: 90 }], [SLA]: [{ double: 12 }], [CLUSTER]: [{ string: 'main' }] });
    expect(propertyValues(await v3(FIELD, 'structuredProperties'))).toEqual({ [CLUSTER]: [{ string: 'edge' }] });
    const gql = await graphqlData(app, `{ dataset(urn: "${DS}") { tags { tags { tag { urn } } }
      structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } ... on StringValue { stringValue } } } } } }`);
    expect(gql.dataset.tags.tags).toEqual([{ tag: { urn: 'urn:li:tag:gold' } }]);
    const byUrn = Object.fromEntries(gql.dataset.structuredProperties.properties.map((p: any) => [p.structuredProperty.urn, p.values]));
    expect(byUrn[RETENTION]).toEqual([{ numberValue: 30 }, { numberValue: 90 }]);
    expect(byUrn[CLUSTER]).toEqual([{ stringValue: 'main' }]);
  });

  it('refuses a value outside the allowed values with the service message', async () => {
    const bad = `- id: compat.bad\n  platform: hive\n  structured_properties:\n    io.acryl.privacy.retentionTime: 45\n`;
    const res = await dh.cli(['dataset', 'upsert', '-f', dh.file('bad.yaml', bad)]);
    expect(res.code).not.toBe(0);
    expect(out(res)).toContain(`Property: ${RETENTION}, value: {double=45.0} should be one of [{double=30.0}, {double=90.0}, {double=365.0}]`);
  });

  it('get --aspect and put', async () => {
    const got = await dh.cli(['get', '--urn', DS, '--aspect', 'globalTags']);
    expect(got.code, out(got)).toBe(0);
    expect(JSON.parse(got.stdout)).toEqual({ globalTags: { tags: [{ tag: 'urn:li:tag:gold' }] } });

    const tags = dh.file('tags.json', JSON.stringify({ tags: [{ tag: 'urn:li:tag:gold' }, { tag: 'urn:li:tag:silver' }] }));
    const put = await dh.cli(['put', '--urn', DS, '--aspect', 'globalTags', '-d', tags]);
    expect(put.code, out(put)).toBe(0);
    expect(await v3(DS, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:gold' }, { tag: 'urn:li:tag:silver' }] });
  });

  it('evolves a definition: compatible changes apply, a type change needs a version', async () => {
    const grown = PROPERTIES_YAML.replace('    - dataFlow\n  description: "Retention', '    - dataFlow\n    - dataJob\n  description: "Retention').replace(
      '      description: Use this for non-sensitive data that can be retained for longer',
      '      description: Use this for non-sensitive data that can be retained for longer\n    - value: 180',
    );
    const up = await dh.cli(['properties', 'upsert', '-f', dh.file('grown.yaml', grown)]);
    expect(up.code, out(up)).toBe(0);
    const def = await v3(RETENTION, 'propertyDefinition');
    expect(def.entityTypes).toContain('urn:li:entityType:service.dataJob');
    expect(def.allowedValues.map((v: any) => v.value.double)).toEqual([30, 90, 365, 180]);

    const retyped = `- id: clusterName\n  type: number\n  entity_types:\n    - dataset\n`;
    const res = await dh.cli(['properties', 'upsert', '-f', dh.file('retyped.yaml', retyped)]);
    expect(out(res)).toContain('Value type cannot be changed as this is a backwards incompatible change');
    expect((await v3(CLUSTER, 'propertyDefinition')).valueType).toBe('urn:li:dataType:service.string');
  });

  it('soft delete hides the dataset from search but keeps it readable; putting status back restores it', async () => {
    const del = await dh.cli(['delete', '--urn', DS, '-f']);
    expect(del.code, out(del)).toBe(0);
    expect(out(del)).toContain('Soft deleted 1 entities');
    expect(await v3(DS, 'status')).toEqual({ removed: true });
    await app.refresh(); // search sees writes within a second; the refresh makes that now
    const [visible, deleted, values] = await dh.sdk([
      { op: 'urnsByFilter', entityTypes: ['dataset'], query: '*' },
      { op: 'urnsByFilter', entityTypes: ['dataset'], query: '*', status: 'ONLY_SOFT_DELETED' },
      { op: 'getAspect', urn: DS, aspect: 'structuredProperties' },
    ]);
    expect(visible).not.toContain(DS);
    expect(deleted).toEqual([DS]);
    expect(values.properties).toHaveLength(3);
    const gql = await graphqlData(app, `{ searchAcrossEntities(input: {types: [DATASET], query: "*", count: 10}) { searchResults { entity { urn } } } }`);
    expect(gql.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).not.toContain(DS);

    const put = await dh.cli(['put', '--urn', DS, '--aspect', 'status', '-d', dh.file('status.json', '{"removed": false}')]);
    expect(put.code, out(put)).toBe(0);
    await app.refresh();
    const [back] = await dh.sdk([{ op: 'urnsByFilter', entityTypes: ['dataset'], query: '*' }]);
    expect(back).toContain(DS);
  });

  it('soft deleting a property hides its values, leaves it out of the list and refuses new values; restoring brings them back', async () => {
    const del = await dh.cli(['delete', '--urn', SLA, '-f']);
    expect(del.code, out(del)).toBe(0);
    const got = JSON.parse((await dh.cli(['dataset', 'get', '--urn', DS])).stdout);
    expect(got.structured_properties).not.toHaveProperty('io.acryl.dataManagement.replicationSLA');
    expect(propertyValues(await v3(DS, 'structuredProperties'))).not.toHaveProperty(SLA);
    await app.refresh(); // the list is a search
    const list = await dh.cli(['properties', 'list']);
    expect(list.stdout).not.toContain(`"urn": "${SLA}"`);
    const [refused] = await dh.sdk([{ op: 'patch', urn: DS, setProperties: { [SLA]: 24 } }]);
    expect(refused.error).toContain(SLA);

    const put = await dh.cli(['put', '--urn', SLA, '--aspect', 'status', '-d', dh.file('restore.json', '{"removed": false}')]);
    expect(put.code, out(put)).toBe(0);
    expect(propertyValues(await v3(DS, 'structuredProperties'))[SLA]).toEqual([{ double: 12 }]);
  });

  it('hard delete removes the dataset and rolls its values out of search', async () => {
    const filter = [{ field: 'structuredProperties.io.acryl.privacy.retentionTime', condition: 'EQUAL', values: ['30'] }];
    await app.refresh();
    const [before] = await dh.sdk([{ op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter }]);
    expect(before).toEqual([DS]);
    const del = await dh.cli(['delete', '--urn', DS, '--hard', '-f']);
    expect(del.code, out(del)).toBe(0);
    expect(out(del)).toContain('Hard deleted 1 entities');
    await app.refresh();
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS)}`)).status).toBe(404);
    const [after, exists] = await dh.sdk([{ op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter }, { op: 'exists', urn: DS }]);
    expect(after).toEqual([]);
    expect(exists).toBe(false);
    const gql = await graphqlData(app, `{ scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 10, orFilters: [{and: [{field: "structuredProperties.io.acryl.privacy.retentionTime", values: ["30"]}]}]}) { total } }`);
    expect(gql.scrollAcrossEntities.total).toBe(0);
  });
});
