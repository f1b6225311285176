/**
 * The README's Stewardship worked example, command by command through the built `tessera` CLI: define a required
 * retention with a range, find the 30 datasets that miss it, export them, fill the column, preview, import, and see
 * compliance whole.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { startTestApp, type TestApp } from './harness.js';

const RET = 'io.acme.retention.days';
const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders_${String(i).padStart(3, '0')},PROD)`;
let app: TestApp;
let home: string;
let env: Record<string, string>;

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('worked-example');
  home = tempHome();
  env = cliEnv(app, home);
  const items = Array.from({ length: 130 }, (_, i) => ({ urn: ds(i), datasetProperties: { value: { name: `orders_${i}` } } }));
  expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items)).status).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

it('defines a required retention with a range, finds the 30 datasets that miss it, and fixes them with a CSV', async () => {
  const yaml = join(home, 'retention.yaml');
  writeFileSync(yaml, `- id: ${RET}\n  type: number\n  display_name: Retention (days)\n  entity_types: [dataset]\n  constraints:\n    required: true\n    requiredPlatforms: [hive]\n    min: 1\n    max: 3650\n`);
  const defined = await runCli(['properties', 'upsert', '-f', yaml], env);
  expect(defined.code, defined.stderr).toBe(0);
  expect(defined.stdout.trim().split('\n')).toEqual([`Created structured property urn:li:structuredProperty:${RET}`, `Set the rules of structured property urn:li:structuredProperty:${RET}`]);

  // 100 of the 130 datasets get a retention from their pipelines; an out-of-range one is refused.
  const props = (days: number) => ({ value: { properties: [{ propertyUrn: `urn:li:structuredProperty:${RET}`, values: [{ double: days }] }] } });
  const set = Array.from({ length: 100 }, (_, i) => ({ urn: ds(i + 30), structuredProperties: props(365) }));
  expect((await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', set)).status).toBe(200);
  const tooLong = await app.post('/openapi/v3/entity/dataset?async=false', [{ urn: ds(0), structuredProperties: props(5000) }]);
  expect(tooLong.body.message).toContain(`Property: urn:li:structuredProperty:${RET} breaks rule max: must be at most 3650, value: {double=5000.0}`);

  const report = await runCli(['properties', 'compliance', '--samples', '2'], env);
  expect(report.code).toBe(0);
  const lines = report.stdout.trimEnd().split('\n');
  expect(lines.slice(0, 2).map((l) => l.split(/\s{2,}/))).toEqual([
    ['PROPERTY', 'REQUIRED', 'APPLICABLE', 'COMPLIANT', 'MISSING', 'INVALID'],
    [RET, 'yes', '130', '100', '30', '0'],
  ]);
  expect(lines.slice(3)).toEqual([`${RET}: 30 missing, for example:`, `  ${ds(0)}`, `  ${ds(1)}`, 'List them all as CSV:', `  tessera export --type dataset --missing ${RET} --property ${RET} -o ${RET}-missing.csv`]);
  const failing = await runCli(['properties', 'compliance', '--fail-on-missing'], env);
  expect(failing.code).toBe(1);

  const csv = join(home, 'missing.csv');
  const exported = await runCli(['export', '--missing', RET, '--property', RET, '--no-tags', '-o', csv], env);
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stderr.trim()).toBe(`Exported 30 rows to ${csv}`);
  const rows = readFileSync(csv, 'utf8').trimEnd().split('\r\n');
  expect(rows[0]).toBe(`urn,name,${RET}`);
  writeFileSync(csv, [rows[0], ...rows.slice(1).map((r) => `${r}90`)].join('\r\n') + '\r\n');

  const preview = await runCli(['import', '-f', csv, '--dry-run'], env);
  expect(preview.code, preview.stderr).toBe(0);
  expect(preview.stderr).toContain('30 rows: 30 would change, 0 unchanged, 0 refused');
  const applied = await runCli(['import', '-f', csv], env);
  expect(applied.code, applied.stderr).toBe(0);
  expect(applied.stderr).toContain('30 rows: 30 changed, 0 unchanged, 0 refused');

  const whole = await runCli(['properties', 'compliance', '--fail-on-missing'], env);
  expect(whole.code, whole.stdout).toBe(0);
  expect(whole.stdout.trimEnd().split('\n')[1].split(/\s{2,}/)).toEqual([RET, 'yes', '130', '130', '0', '0']);
});
