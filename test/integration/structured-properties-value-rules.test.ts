// One test per value rule: each refusal is a 400 (REST) or BAD_REQUEST (GraphQL) whose message names the property and the value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,rules,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,rules,prod)';
const JOB = `urn:li:dataJob:(${FLOW},step)`;
const sp = (name: string) => `urn:li:structuredProperty:rules.${name}`;

const DEFS: Record<string, Record<string, unknown>> = {
  single: { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' },
  num: { valueType: 'urn:li:dataType:service.number', cardinality: 'MULTIPLE' },
  day: { valueType: 'urn:li:dataType:service.date', cardinality: 'SINGLE' },
  ref: { valueType: 'urn:li:dataType:service.urn', cardinality: 'SINGLE' },
  refUser: { valueType: 'urn:li:dataType:service.urn', cardinality: 'SINGLE', typeQualifier: { allowedTypes: ['urn:li:entityType:service.corpuser'] } },
  text: { valueType: 'urn:li:dataType:service.rich_text', cardinality: 'SINGLE' },
  choice: { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', allowedValues: [{ value: { string: 'foo' } }, { value: { string: 'bar' } }] },
  locked: { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', immutable: true },
  hiveOnly: { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', allowedPlatforms: ['urn:li:dataPlatform:kafka'] },
};

let app: TestApp;

/** Writes one assignment through REST v3 POST; returns the response. */
const setValues = (propertyUrn: string, values: unknown[], urn = DS, type = 'dataset') =>
  app.post(`/openapi/v3/entity/${type}/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn, values }] } });

function expect400(r: { status: number; body: any; text: string }, message: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body.error).toBe('Validation Error');
  expect(r.body.message).toContain(message);
}

beforeAll(async () => {
  app = await startTestApp('sp-value-rules');
  await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'rules' } });
  await app.post(`/openapi/v3/entity/dataJob/${enc(JOB)}/dataJobInfo?createIfNotExists=false`, { value: { name: 'step', type: { string: 'COMMAND' } } });
  for (const [name, def] of Object.entries(DEFS)) {
    const r = await app.post(`/openapi/v2/entity/structuredProperty/${enc(sp(name))}/propertyDefinition`, {
      qualifiedName: `rules.${name}`,
      entityTypes: ['urn:li:entityType:service.dataset'],
      ...def,
    });
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(async () => app?.close());

describe('value rules on every write path', () => {
  it('refuses a value on an entity type the property does not list', async () => {
    expect400(await setValues(sp('single'), [{ string: 'x' }], JOB, 'dataJob'), `Property: ${sp('single')} cannot be set on ${JOB}: entity type dataJob is not one of its entityTypes [dataset]`);
  });

  it('refuses several values for a SINGLE property', async () => {
    expect400(await setValues(sp('single'), [{ string: 'a' }, { string: 'b' }]), `Property: ${sp('single')} has cardinality 1, but multiple values were assigned: [{string=a}, {string=b}]`);
  });

  it('number takes a double or a numeric string, nothing else', async () => {
    expect400(await setValues(sp('num'), [{ string: '30 days' }]), `Property: ${sp('num')}, value: {string=30 days} should be a number`);
    expect((await setValues(sp('num'), [{ string: '30' }, { double: 1.5 }])).status).toBe(200);
  });

  it('date must be YYYY-MM-DD between 1000-01-01 and 9999-12-31', async () => {
    for (const bad of ['2024-13-01', '2024-02-30', '0999-12-31', '24-01-01', '2024-01-01T00:00']) {
      expect400(await setValues(sp('day'), [{ string: bad }]), `Property: ${sp('day')}, value: {string=${bad}} should be a date with format YYYY-MM-DD`);
    }
    expect((await setValues(sp('day'), [{ string: '2024-02-29' }])).status).toBe(200);
  });

  it('urn must parse as an urn (and be of an allowed type when the property names some)', async () => {
    expect400(await setValues(sp('ref'), [{ string: 'john' }]), `Property: ${sp('ref')}, value: {string=john} should be an urn`);
    expect400(await setValues(sp('refUser'), [{ string: 'urn:li:tag:x' }]), `Property: ${sp('refUser')}, value: {string=urn:li:tag:x} is not of any supported urn types`);
    expect((await setValues(sp('refUser'), [{ string: 'urn:li:corpuser:john' }])).status).toBe(200);
  });

  it('string and rich_text values are at most 32,766 UTF-8 bytes and never doubles', async () => {
    const long = 'é'.repeat(16_384); // 32,768 bytes
    expect400(await setValues(sp('text'), [{ string: long }]), `Property: ${sp('text')}, value is 32768 bytes which exceeds the maximum of 32766 UTF-8 bytes`);
    expect((await setValues(sp('text'), [{ string: 'é'.repeat(16_383) }])).status).toBe(200);
    expect400(await setValues(sp('single'), [{ double: 200030 }]), `Property: ${sp('single')}, value: {double=200030.0} should be a string`);
  });

  it('enforces allowed values', async () => {
    expect400(await setValues(sp('choice'), [{ string: 'baz' }]), `Property: ${sp('choice')}, value: {string=baz} should be one of [{string=foo}, {string=bar}]`);
    expect((await setValues(sp('choice'), [{ string: 'bar' }])).status).toBe(200);
  });

  it('refuses the same property twice in one aspect', async () => {
    const r = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties?createIfNotExists=false`, {
      value: { properties: [{ propertyUrn: sp('num'), values: [{ double: 1 }] }, { propertyUrn: sp('num'), values: [{ double: 2 }] }] },
    });
    expect400(r, `Property: ${sp('num')} has multiple entries: [[{double=1.0}], [{double=2.0}]]`);
  });

  it('refuses a property that does not exist, naming it (instead of dropping it)', async () => {
    expect400(await setValues(sp('ghost'), [{ string: 'x' }]), `Structured property ${sp('ghost')} does not exist`);
    const notAProperty = await setValues('urn:li:tag:oops', [{ string: 'x' }]);
    expect400(notAProperty, 'Unexpected entity type. Expected: structuredProperty Found: tag');
  });

  it('enforces allowed platforms', async () => {
    expect400(await setValues(sp('hiveOnly'), [{ string: 'x' }]), `Property: ${sp('hiveOnly')} is restricted to data platforms [urn:li:dataPlatform:kafka], but ${DS} belongs to platform urn:li:dataPlatform:hive`);
  });

  it('an immutable value, once set, can neither change nor be removed (POST, PATCH, GraphQL)', async () => {
    const base = { propertyUrn: sp('locked'), values: [{ string: 'v1' }] };
    const first = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties?createIfNotExists=false`, { value: { properties: [base] } });
    expect(first.status, first.text).toBe(200);
    expect400(await setValues(sp('locked'), [{ string: 'v2' }]), `Cannot mutate an immutable property: ${sp('locked')}`);
    const rm = await app.patch(`/openapi/v2/entity/dataset/${enc(DS)}/structuredProperties`, { patch: [{ op: 'remove', path: `/properties/${sp('locked')}` }] });
    expect400(rm, `Cannot delete an immutable property ${sp('locked')}`);
    const g = await app.graphql(`mutation { removeStructuredProperties(input: { assetUrn: "${DS}", structuredPropertyUrns: ["${sp('locked')}"] }) { properties { structuredProperty { urn } } } }`);
    expect(g.data).toBeNull();
    expect(g.errors[0].extensions).toEqual({ code: 400, type: 'BAD_REQUEST' });
    expect(g.errors[0].message).toContain(`Cannot delete an immutable property ${sp('locked')}`);
    // Deleting the whole aspect would remove it too.
    expect400(await app.del(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties`), `Cannot delete an immutable property ${sp('locked')}`);
    // Writing the same value again, and writing other properties beside it, is fine.
    expect((await app.patch(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties`, { patch: [{ op: 'add', path: `/properties/${sp('single')}`, value: { propertyUrn: sp('single'), values: [{ string: 'ok' }] } }] })).status).toBe(200);
  });

  it('applies the same rules to PATCH and GraphQL writes', async () => {
    const patch = await app.patch(`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties`, {
      patch: [{ op: 'add', path: `/properties/${sp('choice')}`, value: { propertyUrn: sp('choice'), values: [{ string: 'nope' }] } }],
      arrayPrimaryKeys: { properties: ['propertyUrn'] },
    });
    expect400(patch, `Property: ${sp('choice')}, value: {string=nope} should be one of [{string=foo}, {string=bar}]`);
    const g = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "${DS}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${sp('num')}", values: [{ stringValue: "many" }] }] }) { properties { structuredProperty { urn } } } }`);
    expect(g.data).toBeNull();
    expect(g.errors[0].extensions.type).toBe('BAD_REQUEST');
    expect(g.errors[0].message).toContain(`Property: ${sp('num')}, value: {string=many} should be a number`);
    const both = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "${DS}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${sp('num')}", values: [{ stringValue: "1", numberValue: 1 }] }] }) { properties { structuredProperty { urn } } } }`);
    expect(both.errors[0].message).toContain('must have exactly one of stringValue or numberValue');
    const missingAsset = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "urn:li:dataset:(urn:li:dataPlatform:hive,none,PROD)", structuredPropertyInputParams: [] }) { properties { structuredProperty { urn } } } }`);
    expect(missingAsset.errors[0].extensions).toEqual({ code: 404, type: 'NOT_FOUND' });
  });
});
