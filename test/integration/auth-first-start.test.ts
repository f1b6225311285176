import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureBuilt, runCli, tempHome } from './cli-harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const prefix = `t_firststart_${randomBytes(3).toString('hex')}_`;
const home = tempHome();
const dataDir = join(home, 'data');
const running: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  url: string;
  stdout: string;
}

/** Starts the built server (`node dist/main.js`) with no AUTH_SECRET, as `npm start` would on a fresh machine. */
function startBuiltServer(expectToken: boolean): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/main.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        TESSERA_DATA_DIR: dataDir,
        OPENSEARCH_URL: inject('opensearchUrl'),
        INDEX_PREFIX: prefix,
        PORT: '0',
        HOST: '127.0.0.1',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'info',
      },
    });
    running.push(child);
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stdout}`)), 60_000);
    child.stdout!.on('data', (d) => {
      stdout += d;
      const m = /"url":"(http:\/\/localhost:\d+)".*"msg":"Tessera is serving"/.exec(stdout);
      if (m && (!expectToken || stdout.includes('first administrator token'))) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stdout });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${stdout}`)));
  });
}

async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

beforeAll(async () => {
  await ensureBuilt();
});
afterAll(async () => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGTERM');
  await fetch(`${inject('opensearchUrl')}/${prefix}*`, { method: 'DELETE' });
});

describe('the first start without AUTH_SECRET', () => {
  it('generates a private secret file, makes a stored admin token shown once (never in the log), and later starts reuse the secret', async () => {
    const first = await startBuiltServer(true);
    const secretFile = join(dataDir, 'auth-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretFile, 'utf8').length).toBeGreaterThanOrEqual(32);
    // Not on a terminal: the token is in a file only this user reads, and the log says where — never the token.
    const tokenFile = join(dataDir, 'first-start-token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const shown = readFileSync(tokenFile, 'utf8');
    expect(shown).toContain(`Tessera generated a token signing secret at ${secretFile}`);
    expect(shown).toContain(`tessera init --host ${first.url}/gms --token <token>`);
    const token = /Admin token for urn:li:corpuser:admin, valid 30 days \(revoke it with: tessera token revoke --id [0-9a-f]{32}\):\n\n {2}(\S+)\n/.exec(shown)![1];
    expect(token).toMatch(/^tsr_pat_/);
    expect(first.stdout).not.toContain(token);
    expect(first.stdout).toContain(tokenFile);

    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${first.url}/gms/openapi/v3/entity/dataset`)).status).toBe(401);
    expect((await fetch(`${first.url}/gms/openapi/v3/entity/dataset`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${first.url}/health`)).status).toBe(200);

    // The CLI mints more tokens from the same file and says so.
    const minted = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:dana'], { HOME: home, TESSERA_DATA_DIR: dataDir });
    expect(minted.stderr.trim()).toBe(`Signed with the secret in ${secretFile}.`);
    expect(decodeJwt(minted.stdout.trim()).sub).toBe('urn:li:corpuser:dana');
    const tooLong = await runCli(['token', 'create', '--actor', 'urn:li:corpuser:dana', '--ttl', '400d'], { HOME: home, TESSERA_DATA_DIR: dataDir });
    expect(tooLong.code).not.toBe(0);
    expect(tooLong.stderr).toMatch(/at most 365 days \(setting ACCESS_TOKEN_MAX_DAYS/);
    // The first token is a stored one: listed, and revocable like any other.
    const listed = await (await fetch(`${first.url}/openapi/v3/tokens`, { headers: auth })).json();
    expect(listed.tokens).toMatchObject([{ name: 'first start', actorUrn: 'urn:li:corpuser:admin' }]);
    const init = await runCli(['init', '--host', `${first.url}/gms`, '--token', token], { HOME: home });
    expect(init.code, init.stderr).toBe(0);
    const asAdmin = await runCli(['token', 'list'], { HOME: home });
    expect(asAdmin.stdout).toContain('first start');
    const initSigned = await runCli(['init', '--force', '--host', `${first.url}/gms`, '--token', minted.stdout.trim()], { HOME: home });
    expect(initSigned.code, initSigned.stderr).toBe(0);
    const get = await runCli(['properties', 'list', '--no-details'], { HOME: home });
    expect(get.code, get.stderr).toBe(0);
    await stop(first);

    const second = await startBuiltServer(false);
    expect(second.stdout).not.toContain('first administrator token');
    expect(second.stdout).toContain('token signing secret found');
    expect((await fetch(`${second.url}/gms/openapi/v3/entity/dataset`, { headers: auth })).status).toBe(200);
    await stop(second);
  }, 120_000);
});
