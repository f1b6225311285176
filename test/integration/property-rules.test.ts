/**
 * Stewards' rules on structured properties (issue 23): `structuredPropertyConstraints` (required for some entity types
 * or platforms, number ranges, patterns, lengths, date bounds, value counts) read and written on every interface,
 * enforced on every write path with refusals naming property, rule and value; tightening refused while stored values
 * would break it, unless previewed; compliance as filters (NOT_EXISTS, INVALID), a facet and a report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const RET = 'io.rules.retention';
const CODE = 'io.rules.code';
const DUE = 'io.rules.review';
const TEAMS = 'io.rules.teams';
const sp = (qn: string) => `urn:li:structuredProperty:${qn}`;
const ds = (i: number, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},rules.t${String(i).padStart(3, '0')},PROD)`;

async function define(qn: string, type: string, cardinality = 'SINGLE') {
  const value = { qualifiedName: qn, valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'], cardinality };
  const r = await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp(qn))}/propertyDefinition`, { value });
  expect(r.status, r.text).toBe(200);
}
const setRules = (qn: string, constraints: object | null, dryRun = false) => app.post('/openapi/v3/structuredProperties/constraints?waitForSearch=true', { urn: sp(qn), constraints, dryRun });
/** Sets one property's values, keeping the others (GraphQL upsertStructuredProperties); answers the refusal, if any. */
async function setValue(urn: string, qn: string, values: { double?: number; string?: string }[]) {
  const r = await app.graphql(`mutation($i: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $i) { properties { structuredProperty { urn } } } }`, {
    i: { assetUrn: urn, structuredPropertyInputParams: [{ structuredPropertyUrn: sp(qn), values: values.map((v) => (v.double !== undefined ? { numberValue: v.double } : { stringValue: v.string })) }] },
  });
  return { status: r.errors ? 400 : 200, message: (r.errors?.[0]?.message ?? '') as string };
}
const removeValues = (urn: string) => app.del(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`);
const removeOne = (urn: string, qn: string) => app.graphql(`mutation { removeStructuredProperties(input: { assetUrn: "${urn}", structuredPropertyUrns: ["${sp(qn)}"] }) { properties { structuredProperty { urn } } } }`);

async function search(orFilters: object[]) {
  const d = await graphqlData(app, `query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { total searchResults { entity { urn } } } }`, {
    i: { types: ['DATASET'], query: '*', count: 100, orFilters },
  });
  return { total: d.searchAcrossEntities.total as number, urns: d.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn).sort() as string[] };
}

beforeAll(async () => {
  app = await startTestApp('rules');
  await define(RET, 'number');
  await define(CODE, 'string');
  await define(DUE, 'date');
  await define(TEAMS, 'string', 'MULTIPLE');
  const items = Array.from({ length: 12 }, (_, i) => ({ urn: ds(i, i < 10 ? 'hive' : 'kafka'), datasetProperties: { value: { name: `t${i}` } } }));
  expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items)).status).toBe(200);
  for (let i = 0; i < 6; i++) expect((await setValue(ds(i), RET, [{ double: 30 * (i + 1) }])).status).toBe(200);
  expect((await setValue(ds(0), CODE, [{ string: 'AB-12' }])).status).toBe(200);
  expect((await setValue(ds(1), CODE, [{ string: 'lower' }])).status).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

describe('rules on a definition', () => {
  it('refuses rules that do not fit the value type, and patterns outside the safe dialect', async () => {
    let r = await setRules(RET, { pattern: 'x+' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('pattern/minLength/maxLength applies to string, rich text or urn properties only');
    r = await setRules(RET, { min: 10, max: 1 });
    expect(r.body.message).toContain('min 10 is above max 1');
    r = await setRules(CODE, { pattern: '(a+)+\\1' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("pattern '(a+)+\\1'");
    r = await setRules(CODE, { pattern: '(?=a)b' });
    expect(r.body.message).toContain('only (?: …) groups are supported');
    r = await setRules(TEAMS, { minCount: 3, maxCount: 1 });
    expect(r.body.message).toContain('minCount 3 is above maxCount 1');
    r = await setRules(RET, { required: false, requiredPlatforms: ['urn:li:dataPlatform:hive'] });
    expect(r.body.message).toContain('need required: true');
    r = await setRules(RET, { min: 'one' } as object);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('structuredPropertyConstraints.min');
  });

  it('refuses tightening that stored values would break, names how many and which; a preview answers the same without writing', async () => {
    const r = await setRules(RET, { min: 1, max: 100 });
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toContain('is a breaking change: 3 entities hold values that would break them');
    expect(r.body.message).toContain(ds(3));
    const p = await setRules(RET, { min: 1, max: 100 }, true);
    expect(p.status, p.text).toBe(200);
    expect(p.body).toMatchObject({ dryRun: true, applied: false, breaking: { entities: 3, samples: [ds(3), ds(4), ds(5)] } });
    const stored = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(RET))}/structuredPropertyConstraints`);
    expect(stored.status).toBe(404);
    const ok = await setRules(RET, { required: true, requiredPlatforms: ['urn:li:dataPlatform:hive'], min: 1, max: 3650 }, true);
    expect(ok.body).toMatchObject({ dryRun: true, applied: true, problems: [], breaking: { entities: 0 } });
  });

  it('stores the rules beside the definition, readable through REST and GraphQL', async () => {
    expect((await setRules(RET, { required: true, requiredPlatforms: ['urn:li:dataPlatform:hive'], min: 1, max: 3650 })).status).toBe(200);
    const r = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(RET))}/structuredPropertyConstraints`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.structuredPropertyConstraints.value).toMatchObject({ required: true, min: 1, max: 3650 });
    const v2 = await app.get(`/openapi/v2/entity/structuredProperty/${enc(sp(RET))}/structuredPropertyConstraints`);
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body.value).toMatchObject({ required: true, requiredPlatforms: ['urn:li:dataPlatform:hive'], min: 1, max: 3650 });
    const g = await graphqlData(app, `{ structuredProperty(urn: "${sp(RET)}") { constraints { required requiredPlatforms { urn } min max pattern } } }`);
    expect(g.structuredProperty.constraints).toEqual({ required: true, requiredPlatforms: [{ urn: 'urn:li:dataPlatform:hive' }], min: 1, max: 3650, pattern: null });
    // The generic aspect write of REST v3 is the same write path (rules checked there too).
    const direct = await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp(CODE))}/structuredPropertyConstraints`, { value: { pattern: '[A-Z]{2}-\\d+' } });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toContain('1 entity holds values that would break them (e.g. ' + ds(1));
    expect((await setValue(ds(1), CODE, [{ string: 'CD-7' }])).status).toBe(200);
    const again = await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp(CODE))}/structuredPropertyConstraints?waitForSearch=true`, { value: { pattern: '[A-Z]{2}-\\d+', maxLength: 8 } });
    expect(again.status, again.text).toBe(200);
    expect((await setRules(DUE, { after: '2020-01-01', before: '2030-01-01' })).status).toBe(200);
    expect((await setRules(TEAMS, { minCount: 1, maxCount: 2 })).status).toBe(200);
  });
});

describe('every write path enforces the rules', () => {
  it('refuses values that break a rule, naming property, rule and value', async () => {
    const rest = await app.post(`/openapi/v3/entity/dataset/${enc(ds(7))}/structuredProperties`, { value: { properties: [{ propertyUrn: sp(RET), values: [{ double: 5000 }] }] } });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toContain(`Property: ${sp(RET)} breaks rule max: must be at most 3650, value: {double=5000.0}`);
    let r = await setValue(ds(7), RET, [{ double: 5000 }]);
    expect(r.status).toBe(400);
    expect(r.message).toContain(`Property: ${sp(RET)} breaks rule max: must be at most 3650, value: {double=5000.0}`);
    r = await setValue(ds(7), CODE, [{ string: 'ab-1' }]);
    expect(r.message).toContain('breaks rule pattern: must match [A-Z]{2}-\\d+');
    r = await setValue(ds(7), CODE, [{ string: 'AB-1234567' }]);
    expect(r.message).toContain('breaks rule maxLength: must be at most 8 characters, has 10');
    // A 5,000-character value: property and rule first, the value cut to its first 100 characters and its length.
    const long = `AB-${'7'.repeat(4997)}`;
    r = await setValue(ds(7), CODE, [{ string: long }]);
    expect(r.message).toContain(`Property: ${sp(CODE)} breaks rule maxLength: must be at most 8 characters, has 5000, value: {string=${long.slice(0, 100)}… (5000 characters)}`);
    expect(r.message.length).toBeLessThan(1000);
    r = await setValue(ds(7), DUE, [{ string: '2019-12-31' }]);
    expect(r.message).toContain('breaks rule after: must be after 2020-01-01');
    r = await setValue(ds(7), TEAMS, [{ string: 'a' }, { string: 'b' }, { string: 'c' }]);
    expect(r.message).toContain('breaks rule maxCount: takes at most 2 values, got 3');
    expect((await setValue(ds(7), CODE, [{ string: 'XY-99' }])).status).toBe(200);
  });

  it('the same through GraphQL, the batch write and the CSV import', async () => {
    const g = await setValue(ds(8), RET, [{ double: 0 }]);
    expect(g.message).toContain('breaks rule min: must be at least 1');
    const b = await app.post('/openapi/v3/entity/dataset?async=false', [{ urn: ds(8), structuredProperties: { value: { properties: [{ propertyUrn: sp(RET), values: [{ double: -1 }] }] } } }]);
    expect(b.status).toBe(400);
    expect(b.text).toContain('breaks rule min');
    // The original's emitter wire (ingestProposal) is the same write path.
    const proposal = { entityType: 'dataset', entityUrn: ds(8), changeType: 'UPSERT', aspectName: 'structuredProperties', aspect: { value: JSON.stringify({ properties: [{ propertyUrn: sp(RET), values: [{ double: 4000 }] }] }), contentType: 'application/json' } };
    const wire = await app.post('/gms/aspects?action=ingestProposal', { proposal, async: 'false' });
    expect(wire.status).toBe(422); // the original's Rest.li status for a refused proposal
    expect(wire.text).toContain('breaks rule max: must be at most 3650');
    const csv = `urn,${RET}\r\n"${ds(8)}",99999\r\n"${ds(9)}",90\r\n`;
    const imp = await app.post('/openapi/v3/import/dataset?waitForSearch=true', { csv });
    expect(imp.status, imp.text).toBe(200);
    expect(imp.body.outcomes[0]).toMatchObject({ line: 2, status: 'refused' });
    expect(imp.body.outcomes[0].reason).toContain('breaks rule max');
    expect(imp.body.outcomes[1]).toMatchObject({ line: 3, status: 'applied' });
  });

  it('a required value can be changed but not removed where it is required; elsewhere it can', async () => {
    expect((await setValue(ds(0), RET, [{ double: 60 }])).status).toBe(200);
    const r = await removeValues(ds(0));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`Cannot remove the value of required property ${sp(RET)} from ${ds(0)}`);
    const g = await removeOne(ds(0), RET);
    expect(g.errors?.[0]?.message).toContain(`Cannot remove the value of required property ${sp(RET)}`);
    // kafka datasets are outside requiredPlatforms: the value may go.
    expect((await setValue(ds(10, 'kafka'), RET, [{ double: 7 }])).status).toBe(200);
    const other = await removeOne(ds(10, 'kafka'), RET);
    expect(other.errors, JSON.stringify(other.errors)).toBeUndefined();
  });
});

describe('compliance', () => {
  it('finds the entities that miss a required value or break a rule, as filters, a facet and a report', async () => {
    // hive datasets 0..9: 0..5 and 9 have a retention (3..5 above 100 but within 3650); 6, 7 and 8 miss it.
    const missing = await search([{ and: [{ field: `structuredProperties.${RET}`, condition: 'NOT_EXISTS' }, { field: 'platform', values: ['hive'] }] }]);
    expect(missing.urns).toEqual([ds(6), ds(7), ds(8)]);
    const withCode = await search([{ and: [{ field: `structuredProperties.${CODE}`, condition: 'INVALID' }] }]);
    expect(withCode.total).toBe(0);
    const rep = await app.get(`/openapi/v3/structuredProperties/compliance?samples=5`);
    expect(rep.status, rep.text).toBe(200);
    const ret = rep.body.properties.find((p: any) => p.urn === sp(RET));
    expect(ret).toMatchObject({ required: true, applicable: 10, compliant: 7, missing: 3, invalid: 0, missingSamples: [ds(6), ds(7), ds(8)] });
    expect(rep.body.properties.map((p: any) => p.urn)).toEqual([sp(RET)]);
    const facet = await graphqlData(app, `{ aggregateAcrossEntities(input: { types: [DATASET], query: "*", facets: ["compliance.${RET}"] }) { facets { field aggregations { value count } } } }`);
    expect(facet.aggregateAcrossEntities.facets[0].aggregations).toEqual([
      { value: 'COMPLIANT', count: 7 },
      { value: 'MISSING', count: 3 },
      { value: 'INVALID', count: 0 },
    ]);
  });

  it('reports values made invalid by a rule changed with a new version as none (the new version starts empty)', async () => {
    const one = await app.get(`/openapi/v3/structuredProperties/compliance?property=${CODE}&property=${TEAMS}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.properties.map((p: any) => [p.qualifiedName, p.required, p.compliant, p.invalid])).toEqual([
      [CODE, false, 3, 0],
      [TEAMS, false, 0, 0],
    ]);
    const unknown = await app.get(`/openapi/v3/structuredProperties/compliance?property=io.nope`);
    expect(unknown.status).toBe(404);
    const bad = await search([{ and: [{ field: 'platform', condition: 'INVALID' }] }]).catch((e) => e);
    expect(String(bad)).toContain('Condition INVALID applies to structured property fields only');
  });
});

describe('GraphQL', () => {
  it('creates a property with its rules in one write, reads them, previews and sets them, and reports compliance', async () => {
    const created = await graphqlData(app, `mutation { createStructuredProperty(input: { qualifiedName: "io.rules.gql", valueType: "urn:li:dataType:datahub.string", entityTypes: ["urn:li:entityType:datahub.dataset"],
      constraints: { required: true, requiredPlatforms: ["urn:li:dataPlatform:kafka"], pattern: "[a-z]+", maxLength: 5 } }) {
      urn constraints { required requiredPlatforms { urn } pattern maxLength min minCount } } }`);
    expect(created.createStructuredProperty.constraints).toEqual({ required: true, requiredPlatforms: [{ urn: 'urn:li:dataPlatform:kafka' }], pattern: '[a-z]+', maxLength: 5, min: null, minCount: null });
    expect((await setValue(ds(11, 'kafka'), 'io.rules.gql', [{ string: 'abcd' }])).status).toBe(200);
    const refused = await setValue(ds(11, 'kafka'), 'io.rules.gql', [{ string: 'abc1' }]);
    expect(refused.message).toContain('breaks rule pattern: must match [a-z]+');
    const preview = await graphqlData(app, `mutation { setStructuredPropertyConstraints(input: { urn: "${sp('io.rules.gql')}", dryRun: true, constraints: { required: true, maxLength: 3 } }) { dryRun applied problems breaking { entities samples } } }`);
    expect(preview.setStructuredPropertyConstraints).toMatchObject({ dryRun: true, applied: false, breaking: { entities: 1, samples: [ds(11, 'kafka')] } });
    expect(preview.setStructuredPropertyConstraints.problems[0]).toContain('breaking change');
    const report = await graphqlData(app, `{ structuredPropertyCompliance(input: { properties: ["io.rules.gql"], samples: 3 }) { property { urn definition { qualifiedName } } required entityTypes applicable compliant missing invalid missingSamples } }`);
    expect(report.structuredPropertyCompliance).toEqual([
      { property: { urn: sp('io.rules.gql'), definition: { qualifiedName: 'io.rules.gql' } }, required: true, entityTypes: ['dataset'], applicable: 2, compliant: 1, missing: 1, invalid: 0, missingSamples: [ds(10, 'kafka')] },
    ]);
    const updated = await graphqlData(app, `mutation { updateStructuredProperty(input: { urn: "${sp('io.rules.gql')}", constraints: null }) { constraints { required } } }`);
    expect(updated.updateStructuredProperty.constraints).toBeNull();
  });
});

