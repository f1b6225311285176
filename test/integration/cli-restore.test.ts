/** `tessera restore` and the signs of a soft delete: get says so, list hides it unless --include-deleted, a value write names it and the way back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome, writeHomeFile } from './cli-harness.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { datasetUrn, defineProperty, NUMBER, propertyUrn } from './search-helpers.js';

let app: TestApp;
let home: string;
let env: Record<string, string>;
const LEVEL = propertyUrn('restore.level');

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('cli-restore');
  home = tempHome();
  env = cliEnv(app, home);
  await defineProperty(app, 'restore.level', NUMBER);
});
afterAll(async () => app?.close());

describe('a soft-deleted structured property through the CLI', () => {
  it('is flagged by get, hidden by list unless --include-deleted, named with the way back by a value write, and restored', async () => {
    expect((await runCli(['delete', '--urn', LEVEL, '-f'], env)).stdout.trim()).toBe(`Soft deleted ${LEVEL}`);

    const got = await runCli(['properties', 'get', '--urn', LEVEL], env);
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ deleted: true });
    expect(got.stderr.trim()).toBe(`Note: ${LEVEL} is soft-deleted; restore it with \`tessera restore --urn ${LEVEL}\``);

    expect((await runCli(['properties', 'list', '--no-details'], env)).stdout).not.toContain(LEVEL);
    expect((await runCli(['properties', 'list', '--no-details', '--include-deleted'], env)).stdout).toContain(`${LEVEL} (soft-deleted)`);

    const file = writeHomeFile(home, 'ds.yaml', `- id: restore.orders\n  platform: hive\n  structured_properties:\n    restore.level: 3\n`);
    const write = await runCli(['dataset', 'upsert', '-f', file], env);
    expect(write.code).toBe(1);
    expect(write.stdout + write.stderr).toContain(`structured property ${LEVEL} is soft-deleted; restore it with \`tessera restore --urn ${LEVEL}\``);

    expect((await runCli(['restore', '--urn', LEVEL], env)).stdout.trim()).toBe(`Restored ${LEVEL}`);
    expect((await runCli(['restore', '--urn', LEVEL], env)).stdout.trim()).toBe(`${LEVEL} is not deleted; nothing to restore`);
    expect((await runCli(['dataset', 'upsert', '-f', file], env)).code).toBe(0);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(datasetUrn('restore.orders'))}/structuredProperties`)).status).toBe(200);
  });

  it('restore of an entity that does not exist says so and fails', async () => {
    const r = await runCli(['restore', '--urn', propertyUrn('restore.never')], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not found; nothing restored');
  });
});
