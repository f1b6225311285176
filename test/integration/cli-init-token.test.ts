import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli, runCliInTty, tempHome } from './cli-harness.js';
import { startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('cli-init-token');
});
afterAll(async () => app?.close());

describe('tessera init', () => {
  it('writes ~/.tesseraenv (mode 0600) that later commands use; TESSERA_SERVER / TESSERA_TOKEN override each entry on its own; a 401 says where the CLI looked', async () => {
    const home = tempHome();
    const r = await runCli(['init', '--host', `${app.url}/gms/`, '--token', app.token], { HOME: home });
    expect(r.code).toBe(0);
    const path = join(home, '.tesseraenv');
    expect(r.stdout.trim()).toBe(`✓ Configuration written to ${path}`);
    expect(r.stderr).toBe('');
    expect(parse(readFileSync(path, 'utf8'))).toEqual({ gms: { server: `${app.url}/gms`, token: app.token } });
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const list = await runCli(['properties', 'list', '--no-details'], { HOME: home });
    expect(list.code).toBe(0);
    const badToken = await runCli(['properties', 'list'], { HOME: home, TESSERA_TOKEN: 'x.y.z' });
    expect(badToken.stderr.trim().split('\n')).toEqual([
      'Error: Unauthorized (HTTP 401): Token is malformed',
      `The CLI used: server ${app.url}/gms from ${path}; token from TESSERA_TOKEN. Set TESSERA_TOKEN, or run \`tessera init --host ${app.url}/gms --token <token>\``,
    ]);
    // Settings combine: the server from the environment, the token from the saved file.
    const serverOnly = await runCli(['properties', 'list', '--no-details'], { HOME: home, TESSERA_SERVER: `${app.url}/` });
    expect(serverOnly.stderr).toBe('');
    expect(serverOnly.code).toBe(0);
    // With no token anywhere, the 401 says where the CLI looked.
    const none = await runCli(['properties', 'list'], { HOME: tempHome(), TESSERA_SERVER: app.url });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Missing Authorization header');
    expect(none.stderr).toMatch(/The CLI used: server .* from TESSERA_SERVER; token from none \(TESSERA_TOKEN is unset and there is no .*\.tesseraenv\)/);
    const both = await runCli(['properties', 'list', '--no-details'], { HOME: tempHome(), TESSERA_SERVER: app.url, TESSERA_TOKEN: app.token });
    expect(both.code).toBe(0);
  });

  it('refuses to overwrite without --force off a terminal, and refuses bad input', async () => {
    const home = tempHome();
    expect((await runCli(['init', '--host', app.url, '--token', app.token], { HOME: home })).code).toBe(0);
    const again = await runCli(['init', '--host', app.url], { HOME: home });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`Error: ${join(home, '.tesseraenv')} already exists; pass --force to overwrite it`);
    const forced = await runCli(['init', '--host', app.url, '--force', '--json'], { HOME: home });
    expect(forced.json).toEqual({ configFile: join(home, '.tesseraenv'), server: app.url, token: 'none', reachable: true });
    const badHost = await runCli(['init', '--host', 'localhost:8080', '-f'], { HOME: home });
    expect(badHost.stderr.trim()).toBe('Error: --host must be an http(s) URL such as http://localhost:8080/gms, got localhost:8080');
    const badToken = await runCli(['init', '--host', app.url, '--token', 'not a token', '-f'], { HOME: home });
    expect(badToken.stderr).toContain('--token must be an access token (tsr_pat_…)');
    const unreachable = await runCli(['init', '-f'], { HOME: home });
    expect(unreachable.code).toBe(0);
    expect(parse(readFileSync(join(home, '.tesseraenv'), 'utf8'))).toEqual({ gms: { server: 'http://localhost:8080/gms' } });
    writeFileSync(join(home, '.tesseraenv'), 'gms: [oops');
    const broken = await runCli(['properties', 'list'], { HOME: home });
    expect(broken.stderr).toMatch(/\.tesseraenv: not valid YAML .*run `tessera init` to rewrite it/);
    const none = await runCli(['properties', 'list'], { HOME: tempHome() });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Error: No server configured: run `tessera init`/);
  });

  it('asks for the host and the token on a terminal', async () => {
    const home = tempHome();
    const r = await runCliInTty(['init'], { HOME: home }, [`${app.url}/gms\n`, '\n']);
    expect(r.stdout).toContain('Enter your Tessera host [http://localhost:8080/gms]:');
    expect(r.stdout).toContain('Enter your token');
    expect(r.code).toBe(0);
    expect(parse(readFileSync(join(home, '.tesseraenv'), 'utf8'))).toEqual({ gms: { server: `${app.url}/gms` } });
  }, 20_000);
});

describe('tessera token create', () => {
  it('mints a token from AUTH_SECRET that the server accepts, saying where the secret came from', async () => {
    const r = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:robot', '--ttl', '2h'], { HOME: tempHome(), AUTH_SECRET: TEST_SECRET });
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe('Signed with the secret from the AUTH_SECRET environment variable.');
    const token = r.stdout.trim();
    const claims = decodeJwt(token);
    expect(claims.sub).toBe('urn:li:corpuser:robot');
    expect(claims.exp! - claims.iat!).toBe(7200);
    const use = await app.request('GET', '/openapi/v3/entity/dataset', undefined, { token });
    expect(use.status).toBe(200);
  });

  it('mints from the generated secret file of the data directory', async () => {
    const dataDir = join(tempHome(), 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'auth-secret'), `${TEST_SECRET}\n`);
    const r = await runCli(['--json', 'token', 'create', '--actor', 'urn:li:corpuser:filed'], { HOME: tempHome(), TESSERA_DATA_DIR: dataDir });
    expect(r.code).toBe(0);
    expect(r.stderr.trim()).toBe(`Signed with the secret in ${join(dataDir, 'auth-secret')}.`);
    expect(r.json).toMatchObject({ actor: 'urn:li:corpuser:filed', secretSource: join(dataDir, 'auth-secret') });
    expect(decodeJwt(r.json.token).exp! - decodeJwt(r.json.token).iat!).toBe(30 * 86_400);
    expect(Date.parse(r.json.expiresAt)).toBeGreaterThan(Date.now());
    expect((await app.request('GET', '/openapi/v3/entity/dataset', undefined, { token: r.json.token })).status).toBe(200);
    // The home-directory default is used when TESSERA_DATA_DIR is unset.
    const home = tempHome();
    mkdirSync(join(home, '.tessera'));
    writeFileSync(join(home, '.tessera', 'auth-secret'), TEST_SECRET);
    const fromHome = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:h'], { HOME: home });
    expect(fromHome.stderr).toContain(join(home, '.tessera', 'auth-secret'));
  });

  it('refuses bad input and a machine without a secret, with one line each', async () => {
    const home = tempHome();
    const noSecret = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:x'], { HOME: home });
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr.trim()).toBe(`Error: No signing secret on this machine: set AUTH_SECRET, or start the server once so it generates ${join(home, '.tessera', 'auth-secret')} (TESSERA_DATA_DIR selects another directory)`);
    expect(existsSync(join(home, '.tessera'))).toBe(false);
    const badActor = await runCli(['token', 'create', '--actor', 'jane'], { HOME: home, AUTH_SECRET: TEST_SECRET });
    expect(badActor.stderr.trim()).toBe('Error: --actor must be urn:li:corpuser:<id>, got jane');
    const badTtl = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:x', '--ttl', '3 days'], { HOME: home, AUTH_SECRET: TEST_SECRET });
    expect(badTtl.stderr.trim()).toBe('Error: --ttl must be a positive duration such as 3600, 15m, 12h, 30d or 2w, got 3 days');
    const shortSecret = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:x'], { HOME: home, AUTH_SECRET: 'short' });
    expect(shortSecret.stderr.trim()).toBe('Error: The signing secret from AUTH_SECRET is shorter than 32 bytes');
    const missingActor = await runCli(['token', 'create'], { HOME: home });
    expect(missingActor.code).toBe(1);
    expect(missingActor.stderr).toContain("required option '--actor <urn>' not specified");
  });
});
