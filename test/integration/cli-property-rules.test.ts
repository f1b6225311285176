/**
 * Value rules of structured properties through the built `tessera` CLI: the `constraints:` of a property file (written
 * after the definition, refused with entry and field, previewed with --dry-run), shown by `properties get`, and the
 * `properties compliance` report with its exit code for CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome, writeHomeFile } from './cli-harness.js';
import { enc, startTestApp, type TestApp } from './harness.js';

const RET = 'io.rules.cli.retention';
const CODE = 'io.rules.cli.code';
const PLAIN = 'io.rules.cli.plain';
const sp = (qn: string) => `urn:li:structuredProperty:${qn}`;
const ds = (i: number, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},clirules.t${i},PROD)`;

const RULES_YAML = `
- id: ${RET}
  type: number
  display_name: Retention
  entity_types: [dataset, dataFlow]
  constraints:
    required: true
    requiredEntityTypes: [dataset]
    requiredPlatforms: [hive]
    min: 1
    max: 3650
- id: ${CODE}
  type: string
  entity_types: [dataset]
  constraints:
    pattern: '[A-Z]{2}-\\d+'
    maxLength: 8
- id: ${PLAIN}
  type: string
  entity_types: [dataset]
`;

let app: TestApp;
let home: string;
let env: Record<string, string>;
const file = (name: string, text: string) => writeHomeFile(home, name, text);
const storedRules = async (qn: string) => {
  const r = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(qn))}/structuredPropertyConstraints`);
  return r.status === 404 ? undefined : r.body.structuredPropertyConstraints.value;
};
const definition = async (qn: string) => (await app.get(`/openapi/v2/entity/structuredProperty/${enc(sp(qn))}/propertyDefinition`)).body?.value;

async function setRetention(urn: string, days: number) {
  const r = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false&waitForSearch=true`, {
    value: { properties: [{ propertyUrn: sp(RET), values: [{ double: days }] }] },
  });
  expect(r.status, r.text).toBe(200);
}

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('cli-property-rules');
  home = tempHome();
  env = cliEnv(app, home);
  // Four hive datasets (the rules require the property there) and one kafka dataset (not required).
  const items = [0, 1, 2, 3].map((i) => ds(i)).concat(ds(4, 'kafka')).map((urn, i) => ({ urn, datasetProperties: { value: { name: `t${i}` } } }));
  expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items)).status).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

describe('constraints in the property file', () => {
  it('writes the rules after each definition and shows them back in the file\'s shape', async () => {
    const r = await runCli(['properties', 'upsert', '-f', file('rules.yaml', RULES_YAML)], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([
      `Created structured property ${sp(RET)}`,
      `Set the rules of structured property ${sp(RET)}`,
      `Created structured property ${sp(CODE)}`,
      `Set the rules of structured property ${sp(CODE)}`,
      `Created structured property ${sp(PLAIN)}`,
    ]);
    expect(await storedRules(RET)).toMatchObject({
      required: true,
      requiredEntityTypes: ['urn:li:entityType:service.dataset'],
      requiredPlatforms: ['urn:li:dataPlatform:hive'],
      min: 1,
      max: 3650,
    });
    expect(await storedRules(CODE)).toMatchObject({ pattern: '[A-Z]{2}-\\d+', maxLength: 8 });
    expect(await storedRules(PLAIN)).toBeUndefined();

    const shown = await runCli(['properties', 'get', '--urn', RET], env);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout).constraints).toEqual({ required: true, requiredEntityTypes: ['dataset'], requiredPlatforms: ['hive'], min: 1, max: 3650 });
    const json = await runCli(['--json', 'properties', 'get', '--urn', CODE], env);
    expect(json.json).toMatchObject({ urn: sp(CODE), type: 'string', constraints: { pattern: '[A-Z]{2}-\\d+', maxLength: 8 } });
    const none = await runCli(['--json', 'properties', 'get', '--urn', PLAIN], env);
    expect(none.json.constraints).toBeUndefined();
  });

  it('is an upsert for rules too: the same file leaves them alone, no constraints: keeps them, null clears them', async () => {
    const again = await runCli(['--json', 'properties', 'upsert', '-f', file('again.yaml', RULES_YAML)], env);
    expect(again.code).toBe(0);
    expect(again.json).toEqual([
      { urn: sp(RET), ok: true, change: 'unchanged', rules: 'unchanged' },
      { urn: sp(CODE), ok: true, change: 'unchanged', rules: 'unchanged' },
      { urn: sp(PLAIN), ok: true, change: 'unchanged' },
    ]);
    const without = file('without.yaml', `- id: ${CODE}\n  type: string\n  entity_types: [dataset]\n  description: codes\n`);
    const kept = await runCli(['properties', 'upsert', '-f', without], env);
    expect(kept.stdout.trim()).toBe(`Updated structured property ${sp(CODE)}`);
    expect(await storedRules(CODE)).toMatchObject({ pattern: '[A-Z]{2}-\\d+', maxLength: 8 });
    const cleared = await runCli(['properties', 'upsert', '-f', file('clear.yaml', `- id: ${CODE}\n  type: string\n  entity_types: [dataset]\n  description: codes\n  constraints: null\n`)], env);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stdout.trim().split('\n')).toEqual([`Unchanged structured property ${sp(CODE)}`, `Cleared the rules of structured property ${sp(CODE)}`]);
    expect(await storedRules(CODE)).toBeUndefined();
  });

  it('refuses unknown rule keys and wrong types with file, entry and field, writing nothing', async () => {
    const bad = file('bad-rules.yaml', `
- id: io.rules.cli.notWritten
  type: number
  entity_types: [dataset]
  constraints:
    minimum: 3
- id: io.rules.cli.badTypes
  type: number
  entity_types: [dataset]
  constraints:
    required: yes please
    max: ten
    requiredPlatforms: hive
- id: io.rules.cli.badNames
  type: string
  entity_types: [dataset]
  constraints:
    required: true
    requiredEntityTypes: [datasets]
- id: io.rules.cli.notAMapping
  type: string
  entity_types: [dataset]
  constraints: [min]
`);
    const r = await runCli(['properties', 'upsert', '-f', bad], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `Error: ${bad}: entry 1 (id io.rules.cli.notWritten): constraints.minimum: unknown field`,
      `${bad}: entry 2 (id io.rules.cli.badTypes): constraints.required: required must be true or false`,
      `${bad}: entry 2 (id io.rules.cli.badTypes): constraints.requiredPlatforms: requiredPlatforms must be a list such as [hive]`,
      `${bad}: entry 2 (id io.rules.cli.badTypes): constraints.max: max must be a number`,
      `${bad}: entry 3 (id io.rules.cli.badNames): constraints.requiredEntityTypes[0]: datasets is not a known entity type (e.g. dataset, dataFlow, dataJob, schemaField)`,
      `${bad}: entry 4 (id io.rules.cli.notAMapping): constraints: constraints must be a mapping of rules (required, requiredEntityTypes, requiredPlatforms, min, max, pattern, minLength, maxLength, after, before, minCount, maxCount, valueOwner), or null to clear them`,
    ]);
    expect(await definition('io.rules.cli.notWritten')).toBeUndefined();

    // Rules that do not fit the definition: every one of the file at once, named by rule.
    const misfit = file('misfit-rules.yaml', `
- id: io.rules.cli.misfit
  type: number
  entity_types: [dataset]
  constraints:
    pattern: 'x+'
    min: 10
    max: 1
- id: io.rules.cli.dates
  type: date
  entity_types: [dataset]
  constraints:
    after: 2024-02-30
`);
    const m = await runCli(['properties', 'upsert', '-f', misfit], env);
    expect(m.code).toBe(1);
    expect(m.stderr.trim().split('\n')).toEqual([
      `Error: ${misfit}: entry 1 (id io.rules.cli.misfit): constraints.pattern: pattern/minLength/maxLength applies to string, rich text or urn properties only; io.rules.cli.misfit holds urn:li:dataType:service.number`,
      `${misfit}: entry 1 (id io.rules.cli.misfit): constraints.min: min 10 is above max 1`,
      `${misfit}: entry 2 (id io.rules.cli.dates): constraints.after: 2024-02-30 is not a real day (YYYY-MM-DD)`,
      'Nothing was written: 3 problems in 2 of 2 entries.',
    ]);
    expect(await definition('io.rules.cli.misfit')).toBeUndefined();
  });
});

describe('--dry-run of rules', () => {
  const tighten = (max: number) => `- id: ${RET}
  type: number
  display_name: Retention (days)
  entity_types: [dataset, dataFlow]
  constraints:
    required: true
    requiredEntityTypes: [dataset]
    requiredPlatforms: [hive]
    min: 1
    max: ${max}
`;

  it('previews a tightening that stored values would break: how many entities and which, writing nothing', async () => {
    await setRetention(ds(0), 30);
    await setRetention(ds(1), 90);
    await setRetention(ds(2), 400);
    const f = file('tight.yaml', tighten(365));
    const preview = await runCli(['properties', 'upsert', '--dry-run', '-f', f], env);
    expect(preview.code).toBe(1);
    expect(preview.stdout.trim().split('\n')).toEqual([
      `Would update structured property ${sp(RET)}`,
      `Rules of structured property ${sp(RET)}: would be refused: 1 entity holds values that would break them (e.g. ${ds(2)})`,
    ]);
    expect(preview.stderr.trim().split('\n')).toEqual(['Dry run: nothing written.', 'Error: The rules of 1 structured property would be refused (their lines say why)']);
    const json = await runCli(['--json', 'properties', 'upsert', '--dry-run', '-f', f], env);
    expect(json.json).toEqual([{ urn: sp(RET), change: 'updated', rules: { change: 'set', applied: false, problems: [], breaking: { entities: 1, samples: [ds(2)] } } }]);

    // Without --dry-run the same file is refused whole: neither the definition nor the rules change.
    const refused = await runCli(['properties', 'upsert', '-f', f], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `Error: ${f}: entry 1 (id ${RET}): constraints: 1 entity holds values that would break them (e.g. ${ds(2)}); fix those values first (for instance with \`tessera import\`), or give the definition a new version`,
      'Nothing was written: 1 problem in 1 of 1 entry.',
    ]);
    expect((await definition(RET)).displayName).toBe('Retention');
    expect((await storedRules(RET)).max).toBe(3650);
  });

  it('previews a change that applies, then writes it', async () => {
    const f = file('fits.yaml', tighten(500));
    const preview = await runCli(['properties', 'upsert', '--dry-run', '-f', f], env);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout.trim().split('\n')).toEqual([`Would update structured property ${sp(RET)}`, `Rules of structured property ${sp(RET)}: would apply (no stored value breaks them)`]);
    expect((await storedRules(RET)).max).toBe(3650);
    const applied = await runCli(['properties', 'upsert', '-f', f], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout.trim().split('\n')).toEqual([`Updated structured property ${sp(RET)}`, `Set the rules of structured property ${sp(RET)}`]);
    expect((await storedRules(RET)).max).toBe(500);
  });
});

describe('tessera properties compliance', () => {
  it('tables every required property, names missing entities and how to list them all', async () => {
    const r = await runCli(['properties', 'compliance'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 2).map((l) => l.split(/\s{2,}/))).toEqual([
      ['PROPERTY', 'REQUIRED', 'APPLICABLE', 'COMPLIANT', 'MISSING', 'INVALID'],
      [RET, 'yes', '4', '3', '1', '0'],
    ]);
    expect(lines.slice(2, 6)).toEqual(['', `${RET}: 1 missing:`, `  ${ds(3)}`, 'List them all as CSV:']);
    const hint = lines[6];
    expect(hint).toBe(`  tessera export --type dataset --missing ${RET} --property ${RET} -o ${RET}-missing.csv`);

    // The hint lists exactly the missing ones: the hive dataset without a value, not the kafka one.
    const exported = await runCli(['export', '--type', 'dataset', '--missing', RET, '--property', RET], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n').slice(1).map((row) => /^"([^"]*)"/.exec(row)?.[1])).toEqual([ds(3)]);
    const invalid = await runCli(['export', '--type', 'dataset', '--invalid', RET], env);
    expect(invalid.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('answers the report as JSON, named properties only, with as many samples as asked', async () => {
    const r = await runCli(['--json', 'properties', 'compliance', RET, sp(PLAIN), '--samples', '0'], env);
    expect(r.code).toBe(0);
    expect(r.json.properties).toHaveLength(2);
    expect(r.json.properties[0]).toMatchObject({ urn: sp(RET), qualifiedName: RET, required: true, entityTypes: ['dataset'], applicable: 4, compliant: 3, missing: 1, invalid: 0, missingSamples: [], invalidSamples: [] });
    expect(r.json.properties[1]).toMatchObject({ urn: sp(PLAIN), required: false, applicable: 5, missing: 5 });
    const unknown = await runCli(['properties', 'compliance', 'io.rules.cli.none'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Structured property urn:li:structuredProperty:io.rules.cli.none does not exist');
    const badSamples = await runCli(['properties', 'compliance', '--samples', '500'], env);
    expect(badSamples.code).toBe(1);
    expect(badSamples.stderr).toContain('--samples must be a whole number from 0 to 100, not 500');
  });

  it('--fail-on-missing exits 1 while a required property misses values (not for one that is not required), 0 once they are set', async () => {
    const failing = await runCli(['properties', 'compliance', '--fail-on-missing'], env);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain(`${RET}: 1 missing:`);
    expect(failing.stderr.trim()).toBe(`Error: 1 of 1 structured property has missing or invalid values: ${RET}`);
    const optional = await runCli(['properties', 'compliance', PLAIN, '--fail-on-missing'], env);
    expect(optional.code, optional.stderr).toBe(0);
    await setRetention(ds(3), 60);
    const passing = await runCli(['properties', 'compliance', '--fail-on-missing'], env);
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stdout.trim().split('\n')[1].split(/\s{2,}/)).toEqual([RET, 'yes', '4', '4', '0', '0']);
    expect(passing.stdout).not.toContain('List them all');
  });
});

describe('migration: in the property file', () => {
  const TIER = 'io.rules.cli.tier';
  const tierFile = (version: string, allowed: string[], migration = '') =>
    `- id: ${TIER}\n  type: string\n  entity_types: [dataset]\n  version: '${version}'\n  allowed_values:\n${allowed.map((a) => `    - value: ${a}\n`).join('')}${migration}`;
  const tierOf = async (urn: string) => {
    const r = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`);
    return r.body.structuredProperties?.value.properties.find((p: any) => p.propertyUrn === sp(TIER))?.values;
  };

  it('moves the values to a new version with a value map: previewed, confirmed, done by the job', async () => {
    expect((await runCli(['properties', 'upsert', '-f', file('tier1.yaml', tierFile('20260101000000', ['gold', 'silver']))], env)).code).toBe(0);
    for (const [i, tier] of [[0, 'gold'], [1, 'silver']] as const) {
      const r = await app.graphql(`mutation { upsertStructuredProperties(input: { assetUrn: "${ds(i)}", structuredPropertyInputParams: [{ structuredPropertyUrn: "${sp(TIER)}", values: [{ stringValue: "${tier}" }] }] }) { properties { structuredProperty { urn } } } }`);
      // The answer must be the mutation's data: a body without GraphQL errors may still be an HTTP refusal (a 503 has none).
      expect(r.data?.upsertStructuredProperties, JSON.stringify(r)).toBeTruthy();
    }
    await app.refresh();
    const v2 = file('tier2.yaml', tierFile('20260201000000', ['platinum', 'standard'], '  migration:\n    values:\n      gold: platinum\n      silver: null\n'));
    const preview = await runCli(['properties', 'upsert', '-f', v2, '--dry-run'], env);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toContain('values of 2 entities migrated — 1 keep a value, 1 are left without; 1 values kept (1 mapped, 0 converted), 1 dropped');
    expect(await tierOf(ds(0))).toEqual([{ string: 'gold' }]);

    const unconfirmed = await runCli(['properties', 'upsert', '-f', v2], env);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('migrated where the entry says how, deleted otherwise). Pass --yes to confirm.');
    const applied = await runCli(['properties', 'upsert', '-f', v2, '--yes'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(new RegExp(`Updated structured property ${sp(TIER).replace(/\./g, '\\.')} \\(version 20260201000000: job \\S+ migrates the values`));
    for (let i = 0; i < 5 && (await tierOf(ds(0)))?.[0]?.string !== 'platinum'; i++) await app.runJobs();
    expect(await tierOf(ds(0))).toEqual([{ string: 'platinum' }]);
    expect(await tierOf(ds(1))).toBeUndefined();
  });

  it('writes the rules of a migrating entry with its new version', async () => {
    const v3 = file('tier5.yaml', tierFile('20260301000000', ['platinum', 'standard'], '  constraints:\n    pattern: "[a-z]+"\n    maxLength: 12\n  migration:\n    values:\n      platinum: standard\n'));
    const applied = await runCli(['properties', 'upsert', '-f', v3, '--yes'], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/job \S+ migrates the values/);
    const rules = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(TIER))}/structuredPropertyConstraints`);
    expect(rules.status, rules.text).toBe(200);
    const { lastModified, ...written } = rules.body.structuredPropertyConstraints.value;
    expect(written).toEqual({ pattern: '[a-z]+', maxLength: 12 });
    expect(lastModified.actor).toMatch(/^urn:li:corpuser:/);
    const def = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(TIER))}/propertyDefinition`);
    expect(def.body.propertyDefinition.value.version).toBe('20260301000000');
    for (let i = 0; i < 5 && (await tierOf(ds(0)))?.[0]?.string !== 'standard'; i++) await app.runJobs();
    expect(await tierOf(ds(0))).toEqual([{ string: 'standard' }]);
  });

  it('refuses a migration without a new version, naming the entry and field', async () => {
    const same = file('tier3.yaml', tierFile('20260201000000', ['platinum', 'standard'], '  migration:\n    values:\n      platinum: standard\n'));
    const r = await runCli(['properties', 'upsert', '-f', same], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`entry 1 (id ${TIER}): migration: a migration goes with a new version`);
    const bad = await runCli(['properties', 'upsert', '-f', file('tier4.yaml', tierFile('20260301000000', ['a'], '  migration:\n    keep: all\n'))], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('migration');
  });
});
