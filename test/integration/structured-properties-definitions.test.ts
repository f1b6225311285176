// Definition rules on REST and GraphQL: required fields, names, versions, references, collisions, mappings, updates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const sp = (name: string) => `urn:li:structuredProperty:${name}`;
const base = (name: string, extra: Record<string, unknown> = {}) => ({
  qualifiedName: name,
  valueType: 'urn:li:dataType:service.string',
  cardinality: 'SINGLE',
  entityTypes: ['urn:li:entityType:service.dataset'],
  ...extra,
});

let app: TestApp;
const postV2 = (name: string, body: unknown) => app.post(`/openapi/v2/entity/structuredProperty/${enc(sp(name))}/propertyDefinition`, body);
const postV3 = (name: string, body: unknown, create = false) =>
  app.post(`/openapi/v3/entity/structuredProperty/${enc(sp(name))}/propertyDefinition?createIfNotExists=${create}`, { value: body });

function expect400(r: { status: number; body: any; text: string }, message: string) {
  expect(r.status, r.text).toBe(400);
  expect(r.body).toEqual({ error: 'Validation Error', message: expect.stringContaining(message) });
}

async function fieldMapping(entityType: string, field: string) {
  // A type nothing was written of (and no property listed) has no index yet: nothing is mapped for it.
  const res = await app.raw.indices.getFieldMapping({ index: app.services.names.entity(entityType), fields: [field] }, { ignore: [404] });
  if (res.statusCode === 404) return undefined;
  const mappings = Object.values(res.body as Record<string, { mappings: Record<string, any> }>)[0].mappings;
  const leaf = field.split('.').pop()!;
  return mappings[field]?.mapping?.[leaf];
}

beforeAll(async () => {
  app = await startTestApp('sp-definitions');
});
afterAll(async () => app?.close());

describe('definition rules (REST)', () => {
  it('requires cardinality on REST writes', async () => {
    const { cardinality: _, ...noCardinality } = base('rest.nocard');
    expect400(await postV2('rest.nocard', noCardinality), 'cardinality is required');
  });

  it('requires the qualified name to equal the urn id, without spaces', async () => {
    expect400(await postV2('rest.a', base('rest.b')), "qualifiedName 'rest.b' must equal the id of the property urn ('rest.a')");
    expect400(await postV2('has space', base('has space')), 'Qualified names cannot have spaces');
  });

  it('requires version to be exactly 14 digits', async () => {
    expect400(await postV2('rest.v', base('rest.v', { version: '2024061408' })), 'Invalid version specified. Must match [0-9]{14}');
    expect400(await postV2('rest.v', base('rest.v', { version: 'v1' })), "got 'v1'");
    expect((await postV2('rest.v', base('rest.v', { version: '20240614080000' }))).status).toBe(200);
  });

  it('refuses unknown or malformed value types and entity types', async () => {
    expect400(await postV2('rest.vt', base('rest.vt', { valueType: 'urn:li:dataType:service.bogus' })), 'valueType urn:li:dataType:service.bogus does not exist');
    expect400(await postV2('rest.vt', base('rest.vt', { valueType: 'number' })), 'propertyDefinition.valueType');
    expect400(await postV2('rest.vt', base('rest.vt', { valueType: 'urn:li:tag:number' })), 'valueType must be a value type urn');
    expect400(await postV2('rest.et', base('rest.et', { entityTypes: ['urn:li:entityType:service.chartz'] })), 'entity type urn:li:entityType:service.chartz does not exist');
    expect400(await postV2('rest.et', base('rest.et', { entityTypes: ['urn:li:entityType:dataset'] })), 'entity type urn:li:entityType:dataset does not exist');
    expect400(await postV2('rest.et', base('rest.et', { entityTypes: [] })), 'entityTypes must name at least one entity type');
    expect400(await postV2('rest.et', base('rest.et', { entityTypes: ['urn:li:entityType:service.dataType'] })), 'cannot carry structured properties');
    // The original's brand is accepted as an alias and echoed as written.
    const alias = base('rest.alias', { valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'] });
    expect((await postV2('rest.alias', alias)).status).toBe(200);
    expect((await app.get(`/openapi/v2/entity/structuredProperty/${enc(sp('rest.alias'))}/propertyDefinition`)).body).toEqual({ value: alias });
  });

  it('requires allowed values to match the value type', async () => {
    expect400(await postV2('rest.av', base('rest.av', { valueType: 'urn:li:dataType:service.number', allowedValues: [{ value: { string: '30' } }] })), 'allowed value {string=30} must be a number');
    expect400(await postV2('rest.av', base('rest.av', { allowedValues: [{ value: { double: 1 } }] })), 'allowed value {double=1.0} must be a string');
    expect400(await postV2('rest.av', base('rest.av', { valueType: 'urn:li:dataType:service.date', allowedValues: [{ value: { string: 'today' } }] })), 'must be a date');
    expect400(await postV2('rest.av', base('rest.av', { allowedValues: [{ value: { string: 'a' } }, { value: { string: 'a' } }] })), 'listed twice');
  });

  it('refuses names that collide once . becomes _', async () => {
    expect((await postV2('io.acme.owner', base('io.acme.owner'))).status).toBe(200);
    expect400(await postV2('io_acme.owner', base('io_acme.owner')), `collides with ${sp('io.acme.owner')}: both would be stored in the search field structuredProperties.io_acme_owner`);
  });

  it('puts the field mapping on each listed entity type index (number → double, rich_text → text + keyword)', async () => {
    expect((await postV2('map.n', base('map.n', { valueType: 'urn:li:dataType:service.number', entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataJob'] }))).status).toBe(200);
    expect(await fieldMapping('dataset', 'structuredProperties.map_n')).toEqual({ type: 'double' });
    expect(await fieldMapping('datajob', 'structuredProperties.map_n')).toEqual({ type: 'double' });
    expect(await fieldMapping('dataflow', 'structuredProperties.map_n')).toBeUndefined();
    expect((await postV2('map.t', base('map.t', { valueType: 'urn:li:dataType:service.rich_text' }))).status).toBe(200);
    expect((await fieldMapping('dataset', 'structuredProperties.map_t')).type).toBe('text');
    expect((await postV2('map.d', base('map.d', { valueType: 'urn:li:dataType:service.date', version: '20240101000000' }))).status).toBe(200);
    expect((await fieldMapping('dataset', 'structuredProperties._versioned.map_d.20240101000000.date')).type).toBe('date');
  });

  it('v3 create is create-only by default; an update needs createIfNotExists=false', async () => {
    expect((await postV3('rest.once', base('rest.once'), true)).status).toBe(200);
    expect((await postV3('rest.once', base('rest.once', { description: 'x' }), true)).status).toBe(409);
    const up = await postV3('rest.once', base('rest.once', { description: 'x' }));
    expect(up.status).toBe(200);
    expect(up.body.propertyDefinition.value.description).toBe('x');
  });

  it('rejects breaking changes without a higher version, naming each change; qualifiedName never changes', async () => {
    const def = base('rest.brk', { cardinality: 'MULTIPLE', allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }] });
    expect((await postV2('rest.brk', def)).status).toBe(200);
    expect400(await postV2('rest.brk', { ...def, cardinality: 'SINGLE' }), 'Property definition cardinality cannot be changed from MULTIPLE to SINGLE; a breaking change needs a version');
    expect400(await postV2('rest.brk', { ...def, valueType: 'urn:li:dataType:service.urn' }), 'Value type cannot be changed as this is a backwards incompatible change');
    expect400(await postV2('rest.brk', { ...def, allowedValues: [{ value: { string: 'a' } }] }), 'allowed value {string=b} was removed');
    expect400(await postV2('rest.brk', { ...def, qualifiedName: 'rest.other', version: '20240101000000' }), 'Cannot change the fully qualified name of a Structured Property');
    const free = base('rest.free', { cardinality: 'SINGLE' });
    expect((await postV2('rest.free', free)).status).toBe(200);
    expect400(await postV2('rest.free', { ...free, allowedValues: [{ value: { string: 'a' } }] }), 'allowedValues added where none existed');
    // Compatible changes pass: SINGLE → MULTIPLE, a new allowed value, removing entity types, display fields.
    expect((await postV2('rest.brk', { ...def, allowedValues: [...def.allowedValues, { value: { string: 'c' } }], description: 'd' })).status).toBe(200);
    expect((await postV2('rest.free', { ...free, cardinality: 'MULTIPLE' })).status).toBe(200);
    // With a version the breaking change is accepted; afterwards the version may not go down or away.
    expect((await postV2('rest.brk', { ...def, cardinality: 'SINGLE', version: '20240614080000' })).status).toBe(200);
    expect400(await postV2('rest.brk', { ...def, cardinality: 'SINGLE' }), 'version cannot be removed from a versioned property (stored version 20240614080000)');
    expect400(await postV2('rest.brk', { ...def, cardinality: 'SINGLE', version: '20230101000000' }), 'version 20230101000000 is lower than the stored version 20240614080000');
    expect400(await postV2('rest.brk', { ...def, cardinality: 'SINGLE', version: '20240614080000', valueType: 'urn:li:dataType:service.date' }), 'a breaking change needs a version higher than 20240614080000');
  });
});

describe('definitions through GraphQL', () => {
  it('createStructuredProperty defaults cardinality to SINGLE and writes audit stamps', async () => {
    const r = await app.graphql(`mutation { createStructuredProperty(input: { qualifiedName: "gql.plain", valueType: "urn:li:dataType:service.string", entityTypes: ["urn:li:entityType:service.dataset"] }) { urn definition { cardinality immutable } } }`);
    expect(r).toEqual({ data: { createStructuredProperty: { urn: sp('gql.plain'), definition: { cardinality: 'SINGLE', immutable: false } } }, extensions: {} });
    const stored = (await app.get(`/openapi/v2/entity/structuredProperty/${enc(sp('gql.plain'))}/propertyDefinition`)).body.value;
    expect(stored).toMatchObject({ qualifiedName: 'gql.plain', cardinality: 'SINGLE', created: { actor: 'urn:li:corpuser:tester' } });
  });

  it('refuses mismatched id and qualifiedName, an existing urn, and bad definitions', async () => {
    const mismatch = await app.graphql(`mutation { createStructuredProperty(input: { id: "a", qualifiedName: "b", valueType: "urn:li:dataType:service.string", entityTypes: ["urn:li:entityType:service.dataset"] }) { urn } }`);
    expect(mismatch.data).toBeNull();
    expect(mismatch.errors[0].message).toContain('Qualified name and the ID of a structured property must match');
    expect(mismatch.errors[0].extensions).toEqual({ code: 400, type: 'BAD_REQUEST' });
    const again = await app.graphql(`mutation { createStructuredProperty(input: { id: "gql.plain", valueType: "urn:li:dataType:service.string", entityTypes: ["urn:li:entityType:service.dataset"] }) { urn } }`);
    expect(again.errors[0].message).toContain(`A structured property already exists with this urn: ${sp('gql.plain')}`);
    expect(again.errors[0].extensions).toEqual({ code: 409, type: 'CONFLICT' });
    const badType = await app.graphql(`mutation { createStructuredProperty(input: { id: "gql.bad", valueType: "urn:li:dataType:service.color", entityTypes: ["urn:li:entityType:service.dataset"] }) { urn } }`);
    expect(badType.errors[0].message).toContain('valueType urn:li:dataType:service.color does not exist');
  });

  it('updateStructuredProperty appends allowed values and entity types (mapping added), sets MULTIPLE, keeps the rest', async () => {
    const created = await app.graphql(`mutation { createStructuredProperty(input: { id: "gql.upd", valueType: "urn:li:dataType:service.number", allowedValues: [{ numberValue: 1, description: "one" }], entityTypes: ["urn:li:entityType:service.dataset"] }) { urn } }`);
    expect(created.errors).toBeUndefined();
    const upd = await app.graphql(`mutation { updateStructuredProperty(input: { urn: "${sp('gql.upd')}", displayName: "Updated", newAllowedValues: [{ numberValue: 2 }, { numberValue: 1 }],
        newEntityTypes: ["urn:li:entityType:service.dataFlow"], setCardinalityAsMultiple: true, settings: { showInSearchFilters: true } }) {
        urn definition { displayName cardinality allowedValues { value { ... on NumberValue { numberValue } } description } entityTypes { info { type } } } settings { showInSearchFilters isHidden } } }`);
    expect(upd.errors).toBeUndefined();
    expect(upd.data.updateStructuredProperty).toEqual({
      urn: sp('gql.upd'),
      definition: {
        displayName: 'Updated',
        cardinality: 'MULTIPLE',
        allowedValues: [{ value: { numberValue: 1 }, description: 'one' }, { value: { numberValue: 2 }, description: null }],
        entityTypes: [{ info: { type: 'DATASET' } }, { info: { type: 'DATA_FLOW' } }],
      },
      settings: { showInSearchFilters: true, isHidden: false },
    });
    expect(await fieldMapping('dataflow', 'structuredProperties.gql_upd')).toEqual({ type: 'double' });
    const restrict = await app.graphql(`mutation { updateStructuredProperty(input: { urn: "${sp('gql.plain')}", newAllowedValues: [{ stringValue: "x" }] }) { urn } }`);
    expect(restrict.errors[0].message).toContain('Cannot restrict values that were previously allowed');
    const hidden = await app.graphql(`mutation { updateStructuredProperty(input: { urn: "${sp('gql.upd')}", settings: { isHidden: true } }) { urn } }`);
    expect(hidden.errors[0].message).toContain('Cannot have property isHidden = true while other display location settings are also true.');
    const missing = await app.graphql(`mutation { updateStructuredProperty(input: { urn: "${sp('gql.none')}", displayName: "x" }) { urn } }`);
    expect(missing.errors[0].extensions.type).toBe('NOT_FOUND');
  });
});
