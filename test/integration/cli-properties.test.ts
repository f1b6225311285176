import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, runCliInTty, tempHome, writeHomeFile } from './cli-harness.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { RETENTION_TIME_YAML } from '../fixtures/spec-properties.js';

const RETENTION = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const SLA = 'urn:li:structuredProperty:io.acryl.dataManagement.replicationSLA';
const TEAM = 'urn:li:structuredProperty:io.acryl.dataManagement.team';

const PROPERTIES_YAML = `
${RETENTION_TIME_YAML}- id: io.acryl.dataManagement.replicationSLA
  type: number
  display_name: Replication SLA
  entity_types: [dataset]
- urn: ${TEAM}
  qualified_name: io.acryl.dataManagement.team
  type: urn:li:dataType:service.string
  cardinality: single
  entity_types: [urn:li:entityType:service.dataset, schemaField]
  allowed_values: [{ value: foo }, { value: bar, description: the bar team }]
  version: 20240614080000
`;

let app: TestApp;
let home: string;
let env: Record<string, string>;
const file = (name: string, text: string) => writeHomeFile(home, name, text);
const definition = async (urn: string) => (await app.get(`/openapi/v2/entity/structuredProperty/${enc(urn)}/propertyDefinition`)).body?.value;

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('cli-properties');
  home = tempHome();
  env = cliEnv(app, home);
});
afterAll(async () => app?.close());

describe('tessera properties upsert', () => {
  it('creates every property of the file and prints one line each', async () => {
    const r = await runCli(['properties', 'upsert', '-f', file('props.yaml', PROPERTIES_YAML)], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([RETENTION, SLA, TEAM].map((u) => `Created structured property ${u}`));
    expect(await definition(RETENTION)).toEqual({
      qualifiedName: 'io.acryl.privacy.retentionTime',
      valueType: 'urn:li:dataType:service.number',
      entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataFlow'],
      displayName: 'Retention Time',
      description: 'Retention Time is used to figure out how long to retain records in a dataset',
      cardinality: 'MULTIPLE',
      allowedValues: [
        { value: { double: 30 }, description: '30 days, usually reserved for datasets that are ephemeral and contain pii' },
        { value: { double: 90 }, description: 'Use this for datasets that drive monthly reporting but contain pii' },
        { value: { double: 365 }, description: 'Use this for non-sensitive data that can be retained for longer' },
      ],
    });
    expect(await definition(SLA)).toMatchObject({ cardinality: 'SINGLE', valueType: 'urn:li:dataType:service.number' });
    expect(await definition(TEAM)).toMatchObject({ cardinality: 'SINGLE', version: '20240614080000', entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.schemaField'] });
  });

  it('is an upsert: the same file again says unchanged, an update says updated and lands', async () => {
    const same = await runCli(['properties', 'upsert', '-f', file('same.yaml', PROPERTIES_YAML)], env);
    expect(same.code).toBe(0);
    expect(same.stdout.trim().split('\n')).toEqual([RETENTION, SLA, TEAM].map((u) => `Unchanged structured property ${u}`));
    const r = await runCli(['properties', 'upsert', '-f', file('again.yaml', PROPERTIES_YAML.replace('display_name: Replication SLA', 'display_name: Replication SLA (hours)'))], env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual([`Unchanged structured property ${RETENTION}`, `Updated structured property ${SLA}`, `Unchanged structured property ${TEAM}`]);
    expect((await definition(SLA)).displayName).toBe('Replication SLA (hours)');
  });

  it('refuses a bad file naming the file, the entry and the field, and writes nothing', async () => {
    const bad = file('bad.yaml', `
- id: io.acryl.ok.butNotWritten
  type: string
  entity_types: [dataset]
- id: io.acryl.bad.type
  type: integer
  entity_types: [dataset]
- urn: urn:li:structuredProperty:io.acryl.bad.noName
  type: string
  entity_types: [dataset]
- id: io.acryl.bad.name
  qualified_name: something.else
  type: string
  entity_types: [dataset]
- id: io.acryl.bad.extra
  type: string
  entity_types: [datasets]
  colour: red
- type: string
  entity_types: [dataset]
- id: io.acryl.bad.values
  type: number
  entity_types: [dataset]
  allowed_values: [{ value: thirty }]
`);
    const r = await runCli(['properties', 'upsert', '-f', bad], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^Error: /);
    const text = r.stderr;
    expect(text).toContain(`${bad}: entry 2 (id io.acryl.bad.type): type: Type integer is not allowed. Allowed types are string, rich_text, number, date, urn`);
    expect(text).toContain(`${bad}: entry 3 (urn urn:li:structuredProperty:io.acryl.bad.noName): qualified_name: is required when urn is given`);
    expect(text).toContain(`${bad}: entry 4 (id io.acryl.bad.name): qualified_name: something.else must equal the urn id io.acryl.bad.name`);
    expect(text).toContain(`${bad}: entry 5 (id io.acryl.bad.extra): colour: unknown field`);
    expect(text).toContain(`${bad}: entry 6: id: either id or urn is required`);
    expect(text).toContain(`${bad}: entry 7 (id io.acryl.bad.values): allowed_values[0].value: thirty is not a number`);
    expect(text).not.toMatch(/\n\s+at /);
    expect(await definition('urn:li:structuredProperty:io.acryl.ok.butNotWritten')).toBeUndefined();

    const missing = await runCli(['properties', 'upsert', '-f', join(home, 'nope.yaml')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`Error: ${join(home, 'nope.yaml')}: no such file`);
    const syntax = await runCli(['properties', 'upsert', '-f', file('syntax.yaml', '- id: x\n  type: [string\n')], env);
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/syntax\.yaml: invalid YAML at line \d+, column \d+/);
    const notList = await runCli(['properties', 'upsert', '-f', file('map.yaml', 'id: x\ntype: string\n')], env);
    expect(notList.stderr).toContain('expected a YAML list of structured properties');
  });

  it('reports every rule the file breaks at once (the server\'s own rules, run first), writing nothing', async () => {
    const f = file('rules.yaml', `
- id: io.acryl.bad.version
  type: string
  entity_types: [dataset]
  version: v1
- id: io.acryl.good.notWritten
  type: string
  entity_types: [dataset]
- id: io.acryl.dataManagement.replicationSLA
  type: string
  entity_types: [dataset]
- id: io.acryl.twice
  type: string
  entity_types: [dataset]
  allowed_values: [{ value: a }, { value: a }]
`);
    const r = await runCli(['properties', 'upsert', '-f', f], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `Error: ${f}: entry 1 (id io.acryl.bad.version): version: Invalid version specified. Must match [0-9]{14} (yyyyMMddhhmmss), got 'v1'`,
      `${f}: entry 3 (id io.acryl.dataManagement.replicationSLA): type: Value type cannot be changed as this is a backwards incompatible change (from urn:li:dataType:service.number to urn:li:dataType:service.string); a breaking change needs a version (14 digits, yyyyMMddhhmmss)`,
      `${f}: entry 4 (id io.acryl.twice): allowed_values: allowed value {string=a} is listed twice`,
      'Nothing was written: 3 problems in 3 of 4 entries.',
    ]);
    expect(await definition('urn:li:structuredProperty:io.acryl.good.notWritten')).toBeUndefined();
  });

  it('gives machine-readable results with --json', async () => {
    const r = await runCli(['--json', 'properties', 'upsert', '-f', join(home, 'props.yaml')], env);
    expect(r.code).toBe(0);
    // props.yaml as first written: the retention and team entries are as stored, the SLA's display name was changed since.
    expect(r.json).toEqual([
      { urn: RETENTION, ok: true, change: 'unchanged' },
      { urn: SLA, ok: true, change: 'updated' },
      { urn: TEAM, ok: true, change: 'unchanged' },
    ]);
  });
});

describe('tessera properties get and list', () => {
  it('prints one definition with allowed values as text (urn or bare id)', async () => {
    const r = await runCli(['properties', 'get', '--urn', RETENTION], env);
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.stdout);
    expect(shown).toMatchObject({ urn: RETENTION, qualified_name: 'io.acryl.privacy.retentionTime', type: 'number', cardinality: 'MULTIPLE', entity_types: ['dataset', 'dataFlow'] });
    expect(shown.allowed_values.map((v: any) => v.value)).toEqual(['30', '90', '365']);
    const byId = await runCli(['properties', 'get', '--urn', 'io.acryl.dataManagement.team'], env);
    expect(JSON.parse(byId.stdout).allowed_values).toEqual([{ value: 'foo' }, { value: 'bar', description: 'the bar team' }]);
    const missing = await runCli(['properties', 'get', '--urn', 'io.acryl.none'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error: Structured property urn:li:structuredProperty:io.acryl.none does not exist');
  });

  it('lists full definitions, URNs only with --no-details, and JSON with --json', async () => {
    const urns = await runCli(['properties', 'list', '--no-details'], env);
    expect(urns.code).toBe(0);
    expect(urns.stdout.trim().split('\n').sort()).toEqual([RETENTION, SLA, TEAM].sort());
    const full = await runCli(['properties', 'list'], env);
    expect(full.stdout).toContain('"display_name": "Retention Time"');
    const json = await runCli(['properties', 'list', '--json'], env);
    expect(json.json.map((p: any) => p.urn).sort()).toEqual([RETENTION, SLA, TEAM].sort());
    expect(json.json.find((p: any) => p.urn === TEAM)).toMatchObject({ type: 'string', entity_types: ['dataset', 'schemaField'], version: '20240614080000' });
  });

  it('round-trips: list --to-file writes a file that upsert accepts unchanged and that recreates the same definitions', async () => {
    const out = join(home, 'exported.yaml');
    const listed = await runCli(['properties', 'list', '--to-file', out], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim()).toBe(`Wrote 3 structured properties to ${out}`);
    const exported = readFileSync(out, 'utf8');
    expect(parse(exported).find((p: any) => p.urn === RETENTION).allowed_values[0]).toEqual({ value: 30, description: '30 days, usually reserved for datasets that are ephemeral and contain pii' });
    const before = Object.fromEntries(await Promise.all([RETENTION, SLA, TEAM].map(async (u) => [u, await definition(u)])));

    const again = await runCli(['properties', 'upsert', '-f', out], env);
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n')).toHaveLength(3);

    // Hard delete everything, recreate from the exported file alone: the same definitions come back.
    for (const u of [RETENTION, SLA, TEAM]) expect((await runCli(['delete', '--urn', u, '--hard'], env)).code).toBe(0);
    await app.runJobs(); // a hard-deleted name is free again once its value clean-up has run
    expect((await runCli(['properties', 'list', '--no-details'], env)).stdout.trim()).toBe('');
    const recreated = await runCli(['properties', 'upsert', '-f', out], env);
    expect(recreated.stderr).toBe('');
    expect(recreated.code).toBe(0);
    for (const u of [RETENTION, SLA, TEAM]) {
      const { immutable, ...rest } = await definition(u);
      const { immutable: _was, ...expected } = before[u];
      expect(rest, u).toEqual(expected);
      expect(immutable ?? false, u).toBe(false);
    }
    const reexported = join(home, 'reexported.yaml');
    await runCli(['properties', 'list', '--to-file', reexported], env);
    expect(readFileSync(reexported, 'utf8')).toBe(exported);
  });

  it('list --to-file merges into an existing file: listed entries replaced in place, the others kept, new ones appended', async () => {
    const target = join(home, 'merged.yaml');
    writeFileSync(target, `- id: local.only\n  type: string\n  entity_types: [dataset]\n- urn: ${RETENTION}\n  type: number\n  description: stale\n  entity_types: [dataset]\n`);
    const r = await runCli(['properties', 'list', '--to-file', target], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`Merged 3 structured properties into ${target} (1 replaced, 2 added, 1 kept)`);
    const merged = parse(readFileSync(target, 'utf8'));
    expect(merged.map((e: any) => e.urn ?? e.id)).toEqual(['local.only', RETENTION, SLA, TEAM]);
    expect(merged[1].description).not.toBe('stale');
    writeFileSync(target, 'not: a list\n');
    const bad = await runCli(['properties', 'list', '--to-file', target], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('cannot merge into it');
  });
});

describe('tessera delete and get', () => {
  it('soft deletes (status removed) and hard deletes; refuses unknown urns', async () => {
    const soft = await runCli(['delete', '--urn', SLA], env);
    expect(soft.code).toBe(0);
    expect(soft.stdout.trim()).toBe(`Soft deleted ${SLA}`);
    const status = await runCli(['get', '--urn', SLA, '--aspect', 'status'], env);
    expect(status.stdout.trim()).toBe('{\n  "status": {\n    "removed": true\n  }\n}');
    expect((await runCli(['properties', 'list', '--no-details'], env)).stdout).not.toContain(SLA);

    const hard = await runCli(['--json', 'delete', '--urn', SLA, '--hard'], env);
    expect(hard.json).toEqual({ urn: SLA, deleted: 'hard' });
    expect((await app.get(`/openapi/v3/entity/structuredProperty/${enc(SLA)}`)).status).toBe(404);
    const again = await runCli(['delete', '--urn', SLA, '--hard'], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`Error: urn ${SLA} not found; nothing deleted`);
    const badUrn = await runCli(['delete', '--urn', 'not-an-urn'], env);
    expect(badUrn.code).toBe(1);
    expect(badUrn.stderr).toMatch(/^Error: Invalid urn: not-an-urn/);
  });

  it('asks for confirmation on a terminal; no keeps the entity, yes and -f delete it', async () => {
    const no = await runCliInTty(['delete', '--urn', TEAM], env, 'n\n');
    expect(no.stdout).toContain('This will soft delete');
    expect(no.stdout).toContain('Aborted; nothing deleted');
    expect(no.code).toBe(1);
    expect((await app.get(`/openapi/v2/entity/structuredProperty/${enc(TEAM)}/status`)).status).toBe(404);
    const yes = await runCliInTty(['delete', '--urn', TEAM, '--hard'], env, 'y\n');
    expect(yes.stdout).toContain('permanently delete');
    expect(yes.stdout).toContain(`Hard deleted ${TEAM}`);
    expect(yes.code).toBe(0);
    await app.runJobs();
    expect((await runCli(['properties', 'upsert', '-f', join(home, 'props.yaml')], env)).code).toBe(0);
    const forced = await runCliInTty(['delete', '--urn', TEAM, '-f'], env, '');
    expect(forced.stdout).not.toContain('Continue?');
    expect(forced.stdout).toContain(`Soft deleted ${TEAM}`);
  });

  it('prints {"<aspect>": value} with sorted keys, and doubles as the server renders them', async () => {
    const tag = await app.graphql('mutation { createTag(input: {id: "deprecated", name: "Deprecated", description: "Having this tag means this column or table is deprecated."}) }');
    expect(tag.errors).toBeUndefined();
    const r = await runCli(['get', '--urn', 'urn:li:tag:deprecated', '--aspect', 'tagProperties'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tagProperties: { description: 'Having this tag means this column or table is deprecated.', name: 'Deprecated' } });
    expect(r.stdout.indexOf('"description"')).toBeLessThan(r.stdout.indexOf('"name"'));
    const def = await runCli(['get', '--urn', RETENTION, '-a', 'propertyDefinition', '-a', 'structuredPropertyKey'], env);
    expect(def.stdout).toContain('"double": 30.0');
    expect(Object.keys(JSON.parse(def.stdout))).toEqual(['propertyDefinition', 'structuredPropertyKey']);
    const unknown = await runCli(['get', '--urn', 'urn:li:tag:deprecated', '--aspect', 'nonsense'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toMatch(/^Error: Validation Error \(HTTP 400\): Unknown aspect nonsense for entity tag/);
    const missing = await runCli(['get', '--urn', 'urn:li:tag:none', '--aspect', 'tagProperties'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error: urn urn:li:tag:none not found');
  });
});

describe('tessera errors', () => {
  it('prints server and connection failures as one line (a 401 adds where the CLI found its settings) with a non-zero exit code', async () => {
    const noToken = await runCli(['properties', 'list'], { ...env, TESSERA_TOKEN: '' });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr.trim().split('\n')[0]).toBe('Error: Unauthorized (HTTP 401): Missing Authorization header: expected "Bearer <token>"');
    expect(noToken.stderr).toContain('token from none (TESSERA_TOKEN is unset');
    const badToken = await runCli(['properties', 'list'], { ...env, TESSERA_TOKEN: 'a.b.c' });
    expect(badToken.stderr.trim().split('\n')[0]).toBe('Error: Unauthorized (HTTP 401): Token is malformed');
    const down = await runCli(['properties', 'list'], { ...env, TESSERA_SERVER: 'http://127.0.0.1:9/gms' });
    expect(down.code).toBe(1);
    expect(down.stderr.trim()).toMatch(/^Error: Cannot reach Tessera at http:\/\/127\.0\.0\.1:9\/gms: /);
    const usage = await runCli(['properties', 'upsert'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("required option '-f, --file <yaml>' not specified");
    const unknown = await runCli(['frobnicate'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});

describe('tessera properties upsert of a new version', () => {
  it('says how many entities and values a new version drops and asks first (--yes in scripts); nothing is written without it', async () => {
    const qn = 'io.acryl.versioned.level';
    const urn = `urn:li:structuredProperty:${qn}`;
    const v1 = `- id: ${qn}\n  type: string\n  cardinality: MULTIPLE\n  entity_types: [dataset]\n  version: '20240101000000'\n`;
    expect((await runCli(['properties', 'upsert', '-f', file('v1.yaml', v1)], env)).code).toBe(0);
    for (const [i, values] of [['a'], ['a', 'b'], ['c']].entries()) {
      const ds = `urn:li:dataset:(urn:li:dataPlatform:hive,versioned${i},PROD)`;
      await app.post(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties?createIfNotExists=false`, { value: { name: `v${i}` } });
      const w = await app.post(`/openapi/v3/entity/dataset/${enc(ds)}/structuredProperties?createIfNotExists=false&waitForSearch=true`, { value: { properties: [{ propertyUrn: urn, values: values.map((v) => ({ string: v })) }] } });
      expect(w.status, w.text).toBe(200);
    }
    const v2 = file('v2.yaml', v1.replace('20240101000000', '20250101000000'));
    const refused = await runCli(['properties', 'upsert', '-f', v2], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${urn}: version 20250101000000 replaces version 20240101000000: the values of 3 entities (4 values) will be deleted, allowed ones included`);
    expect(refused.stderr).toContain('Nothing was written: a new version deletes the values written under the old one. Pass --yes to confirm.');
    expect((await definition(urn)).version).toBe('20240101000000');

    const declined = await runCliInTty(['properties', 'upsert', '-f', v2], env, 'n\n');
    expect(declined.stdout).toContain('the values of 3 entities (4 values) will be deleted');
    expect(declined.stdout).toContain('Write this new version and delete those values? [y/N]');
    expect(declined.stdout).toContain('Aborted; nothing written');
    expect((await definition(urn)).version).toBe('20240101000000');

    const confirmed = await runCli(['properties', 'upsert', '--yes', '-f', v2], env);
    expect(confirmed.stderr).toBe('');
    expect(confirmed.stdout.trim()).toBe(`Updated structured property ${urn} (version 20250101000000: the clean-up job deletes the values of 3 entities)`);
    expect((await definition(urn)).version).toBe('20250101000000');
  });
});
