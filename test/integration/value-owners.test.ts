/**
 * Who owns a value (issue "a team at work", item 1): a nightly load under a service account re-sends its file, a
 * steward edits the same datasets, and a connector pipeline writes tags. Each value carries who set it and through
 * what; a whole-aspect write replaces only what its own setter set, unless the property says loads own it; history
 * says which rule kept or replaced each value, once per value and load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { cliEnv, ensureBuilt, runCli, tempHome, writeHomeFile } from './cli-harness.js';
import { graphqlData, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const sp = (qn: string) => `urn:li:structuredProperty:${qn}`;
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const SALES = ds('nightly.sales');
const STOCK = ds('nightly.stock');
const STEWARD = 'urn:li:corpuser:steward';
const NIGHTLY = 'urn:li:corpuser:service.nightly-ingest';

const nightlyFile = (tag: string) => `
- id: nightly.sales
  platform: hive
  tags: [${tag}]
  structured_properties:
    io.team.retention: 30
    io.team.sourceSystem: erp
- id: nightly.stock
  platform: hive
  tags: [${tag}]
  structured_properties:
    io.team.retention: 30
    io.team.sourceSystem: erp
`;

let app: TestApp;
let home: string;
let steward: { token: string };

const valuesOf = async (urn: string) => {
  const d = await graphqlData(app, `{ dataset(urn: "${urn}") {
    structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } }
      attribution { actor { urn } sourceDetail { key value } } } }
    tags { tags { tag { urn } attribution { actor { urn } sourceDetail { key value } } } } } }`);
  const props = Object.fromEntries(
    d.dataset.structuredProperties.properties.map((p: any) => [p.structuredProperty.urn.split('.').pop(), { values: p.values.map((v: any) => v.stringValue ?? v.numberValue), by: p.attribution?.actor.urn }]),
  );
  const tags = Object.fromEntries(
    d.dataset.tags.tags.map((t: any) => [t.tag.urn.split(':').pop(), { by: t.attribution?.actor.urn, detail: Object.fromEntries((t.attribution?.sourceDetail ?? []).map((e: any) => [e.key, e.value])) }]),
  );
  return { props, tags };
};

const history = async (urn: string) =>
  (await graphqlData(app, `{ history(input: {urn: "${urn}", count: 200}) { changes { operation modifier actor: auditStamp { actor } rule setBy { actor source } description } } }`)).history.changes.map(
    (c: any) => ({ operation: c.operation, modifier: c.modifier?.split(':').pop() ?? null, actor: c.actor.actor, rule: c.rule, setBy: c.setBy?.source ?? c.setBy?.actor ?? null, description: c.description }),
  );

const nightlyRun = (tag = 'raw') => runCli(['dataset', 'upsert', '-f', writeHomeFile(home, 'nightly.yaml', nightlyFile(tag))], cliEnv(app, home, { TESSERA_TOKEN: nightlyToken }));
let nightlyToken: string;

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('valueowners');
  home = tempHome();
  nightlyToken = await mintToken(TEST_SECRET, NIGHTLY, 3600);
  steward = { token: await mintToken(TEST_SECRET, STEWARD, 3600) };
  // The nightly load runs as a service account with the Admin role (it creates datasets).
  const account = await app.post('/openapi/v3/service-accounts', { id: 'nightly-ingest' });
  expect(account.status, account.text).toBe(201);
  await graphqlData(app, `mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Admin", actors: ["${NIGHTLY}"]}) }`);
  for (const [qn, type] of [['io.team.ownerTeams', 'string'], ['io.team.retention', 'number'], ['io.team.sourceSystem', 'string']]) {
    await graphqlData(app, `mutation { createStructuredProperty(input: { qualifiedName: "${qn}", valueType: "urn:li:dataType:datahub.${type}", entityTypes: ["urn:li:entityType:datahub.dataset"] }) { urn } }`);
  }
  await graphqlData(app, 'mutation { createTag(input: { id: "gold", name: "Gold" }) }');
  await graphqlData(app, `mutation { setStructuredPropertyConstraints(input: { urn: "${sp('io.team.ownerTeams')}", constraints: { required: true } }) { applied } }`);
  const loads = await graphqlData(app, `mutation { setStructuredPropertyConstraints(input: { urn: "${sp('io.team.sourceSystem')}", constraints: { valueOwner: LOADS } }) { applied } }`);
  expect(loads.setStructuredPropertyConstraints.applied).toBe(true);
});

afterAll(() => app?.close());

describe('who owns a value', () => {
  it('a steward\'s values survive three nightly runs; a required value never blocks the load; history says who owns what', async () => {
    const first = await nightlyRun();
    expect(first.code, first.stderr).toBe(0);
    const rules = await graphqlData(app, `{ structuredProperty(urn: "${sp('io.team.sourceSystem')}") { constraints { valueOwner required } } }`);
    expect(rules.structuredProperty.constraints).toEqual({ valueOwner: 'LOADS', required: false });

    // The steward sets the required team, overrides the load's retention, tags the dataset, and edits a LOADS property.
    const edit = (q: string) => app.graphql(`mutation { ${q} }`, undefined, steward);
    for (const q of [
      `upsertStructuredProperties(input: {assetUrn: "${SALES}", structuredPropertyInputParams: [{structuredPropertyUrn: "${sp('io.team.ownerTeams')}", values: [{stringValue: "finance"}]}, {structuredPropertyUrn: "${sp('io.team.retention')}", values: [{numberValue: 90}]}]}) { properties { structuredProperty { urn } } }`,
      `addTag(input: {tagUrn: "urn:li:tag:gold", resourceUrn: "${SALES}"})`,
      `upsertStructuredProperties(input: {assetUrn: "${STOCK}", structuredPropertyInputParams: [{structuredPropertyUrn: "${sp('io.team.sourceSystem')}", values: [{stringValue: "manual"}]}]}) { properties { structuredProperty { urn } } }`,
    ]) {
      const r = await edit(q);
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    }

    for (let night = 1; night <= 3; night++) {
      const run = await nightlyRun();
      expect(run.code, `night ${night}: ${run.stderr}`).toBe(0);
      const sales = await valuesOf(SALES);
      expect(sales.props).toEqual({
        retention: { values: [90], by: STEWARD },
        sourceSystem: { values: ['erp'], by: NIGHTLY },
        ownerTeams: { values: ['finance'], by: STEWARD },
      });
      expect(sales.tags).toEqual({
        raw: { by: NIGHTLY, detail: { via: 'CLI', file: 'nightly.yaml' } },
        gold: { by: STEWARD, detail: { via: 'GRAPHQL' } },
      });
      // Loads own sourceSystem: the steward's 'manual' went at the first night.
      expect((await valuesOf(STOCK)).props.sourceSystem).toEqual({ values: ['erp'], by: NIGHTLY });
    }

    // Each kept value is in history once (not once a night), with the rule and the setter it was kept for.
    const kept = (await history(SALES)).filter((c: any) => c.operation === 'KEEP');
    expect(kept.map((c: any) => [c.modifier, c.actor, c.rule, c.setBy]).sort()).toEqual([
      ['gold', NIGHTLY, 'KEPT_FOR_ITS_SETTER', STEWARD],
      ['io.team.ownerTeams', NIGHTLY, 'KEPT_FOR_ITS_SETTER', STEWARD],
      ['io.team.retention', NIGHTLY, 'KEPT_FOR_ITS_SETTER', STEWARD],
    ]);
    expect(kept.find((c: any) => c.modifier === 'io.team.ownerTeams').description).toBe(`structured property ${sp('io.team.ownerTeams')} kept: set by ${STEWARD}, not by this load`);
    const replaced = (await history(STOCK)).find((c: any) => c.modifier === 'io.team.sourceSystem' && c.actor === NIGHTLY && c.operation === 'MODIFY');
    expect(replaced).toMatchObject({ rule: 'LOADS_OWN_IT', setBy: STEWARD });
  });

  it('a load replaces what it set itself; a pipeline owns its values whoever runs it; explicit edits replace any value', async () => {
    // The preview says, with the server's own rules, what the file would replace and what it would keep.
    const preview = await runCli(['dataset', 'upsert', '--dry-run', '-f', writeHomeFile(home, 'nightly.yaml', nightlyFile('fresh'))], cliEnv(app, home, { TESSERA_TOKEN: nightlyToken }));
    expect(preview.code, preview.stderr).toBe(0);
    const lines = preview.stdout.split('\n');
    expect(lines).toContain(`${SALES}: 2 change(s)`);
    expect(lines).toEqual(expect.arrayContaining([
      '  add     tag fresh',
      '  remove  tag raw',
      '  keep    tag gold: set by steward, not by this file',
      '  keep    structured property io.team.ownerTeams = [{"string":"finance"}]: set by steward, not by this file',
      '  keep    structured property io.team.retention = [{"double":90}]: set by steward, not by this file',
    ]));
    expect(lines.at(-2)).toBe('Dry run: nothing was written. 2 datasets, 4 change(s); 3 value(s) kept for the person or load that set them, 0 value(s) of others replaced.');
    expect(Object.keys((await valuesOf(SALES)).tags).sort()).toEqual(['gold', 'raw']);

    const run = await nightlyRun('fresh');
    expect(run.code, run.stderr).toBe(0);
    expect(Object.keys((await valuesOf(SALES)).tags).sort()).toEqual(['fresh', 'gold']);
    const removed = (await history(SALES)).find((c: any) => c.modifier === 'raw' && c.operation === 'REMOVE');
    expect(removed).toMatchObject({ actor: NIGHTLY, rule: 'SAME_SETTER', setBy: NIGHTLY });

    // A connector pipeline (the original's client sends pipelineName and runId) writes its tags beside everyone's.
    const dbt = (tags: string[], runId: string, token?: string) =>
      app.request('POST', '/aspects?action=ingestProposal', {
        proposal: {
          entityType: 'dataset', entityUrn: SALES, changeType: 'UPSERT', aspectName: 'globalTags',
          aspect: { contentType: 'application/json', value: JSON.stringify({ tags: tags.map((t) => ({ tag: `urn:li:tag:${t}` })) }) },
          systemMetadata: { pipelineName: 'dbt-prod', runId },
        },
      }, token ? { token } : undefined);
    expect((await dbt(['certified'], 'dbt-1')).status).toBe(200);
    const tags = (await valuesOf(SALES)).tags;
    expect(Object.keys(tags).sort()).toEqual(['certified', 'fresh', 'gold']);
    expect(tags.certified.detail).toMatchObject({ pipelineName: 'dbt-prod', runId: 'dbt-1', via: 'WIRE' });
    // The same pipeline run by another account still owns its tag; the others stay.
    expect((await dbt([], 'dbt-2', steward.token)).status).toBe(200);
    expect(Object.keys((await valuesOf(SALES)).tags).sort()).toEqual(['fresh', 'gold']);

    // A person's whole REST write keeps the others' values it leaves out (but those loads own) ...
    const post = (properties: unknown[]) =>
      app.request('POST', `/openapi/v3/entity/dataset/${encodeURIComponent(STOCK)}/structuredProperties?createIfNotExists=false`, { value: { properties } }, steward);
    expect((await post([{ propertyUrn: sp('io.team.ownerTeams'), values: [{ string: 'ops' }] }])).status).toBe(200);
    expect((await valuesOf(STOCK)).props).toEqual({ retention: { values: [30], by: NIGHTLY }, ownerTeams: { values: ['ops'], by: STEWARD } });
    const read = await app.get(`/openapi/v3/entity/dataset/${encodeURIComponent(STOCK)}/structuredProperties?systemMetadata=true`);
    expect(read.body.structuredProperties.systemMetadata.valueSetters).toEqual({
      [sp('io.team.retention')]: { time: expect.any(Number), actor: NIGHTLY, sourceDetail: { via: 'CLI', file: 'nightly.yaml' } },
      [sp('io.team.ownerTeams')]: { time: expect.any(Number), actor: STEWARD, sourceDetail: { via: 'REST_V3' } },
    });
    // ... and replaces the values it names: an explicit edit. Its own required value it leaves out is removed, so refused.
    const dropped = await post([{ propertyUrn: sp('io.team.retention'), values: [{ double: 7 }] }]);
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toMatch(/required/);
    expect((await post([{ propertyUrn: sp('io.team.ownerTeams'), values: [{ string: 'ops' }] }, { propertyUrn: sp('io.team.retention'), values: [{ double: 7 }] }])).status).toBe(200);
    expect((await valuesOf(STOCK)).props).toEqual({ retention: { values: [7], by: STEWARD }, ownerTeams: { values: ['ops'], by: STEWARD } });
    const stock = await history(STOCK);
    const last = (modifier: string) => stock.findLast((c: any) => c.modifier === modifier && c.actor === STEWARD);
    expect(last('io.team.sourceSystem')).toMatchObject({ operation: 'REMOVE', rule: 'LOADS_OWN_IT', setBy: NIGHTLY });
    expect(last('io.team.retention')).toMatchObject({ operation: 'MODIFY', rule: 'NAMED_BY_A_PERSON', setBy: NIGHTLY });

    // The steward's explicit removal of the load's tag is an edit, not a load: it goes.
    const r = await app.graphql(`mutation { removeTag(input: {tagUrn: "urn:li:tag:fresh", resourceUrn: "${SALES}"}) }`, undefined, steward);
    expect(r.errors).toBeUndefined();
    expect(Object.keys((await valuesOf(SALES)).tags)).toEqual(['gold']);
  });
});
