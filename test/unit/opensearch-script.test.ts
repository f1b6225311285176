/** scripts/opensearch.sh keeps the catalog under the data directory, apart from the cache, and says what it finds on its port. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/opensearch.sh');
const home = mkdtempSync(path.join(os.tmpdir(), 'tessera-home-'));
const cache = mkdtempSync(path.join(os.tmpdir(), 'tessera-cache-'));

/** Runs the script without blocking this process, which must answer on the port the script probes. */
const script = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', [SCRIPT, ...args], { env: { PATH: '/usr/bin:/bin', HOME: home, TESSERA_CACHE: cache, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });

let other: http.Server;
let port: number;
beforeAll(async () => {
  other = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  port = (other.address() as AddressInfo).port;
});
afterAll(() => other?.close());

describe('scripts/opensearch.sh', () => {
  it('keeps the node data under the data directory, not the cache', async () => {
    expect((await script(['where'])).stdout).toBe(path.join(home, '.tessera', 'opensearch-9200'));
    expect((await script(['where'], { TESSERA_DATA_DIR: '/srv/catalog', TESSERA_OS_PORT: '9201' })).stdout).toBe('/srv/catalog/opensearch-9201');
    expect((await script(['where'], { TESSERA_OS_DATA: '/srv/node' })).stdout).toBe('/srv/node');
  });

  it('refuses a port that something else answers on, naming the data directory it would use', async () => {
    const r = await script(['start'], { TESSERA_OS_PORT: String(port), TESSERA_DATA_DIR: path.join(home, 'empty') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`port ${port} already answers but is not a node started by Tessera for ${path.join(home, 'empty', `opensearch-${port}`)}`);
  });

  it('says when the node on the port is one an earlier version started with its data in the cache, and how to move it', async () => {
    const old = path.join(cache, `node-${port}`);
    mkdirSync(old, { recursive: true });
    writeFileSync(path.join(old, 'opensearch.pid'), String(process.pid));
    const r = await script(['start'], { TESSERA_OS_PORT: String(port) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`a node started by an earlier Tessera runs on port ${port} with its data in the cache (${old})`);
    expect(r.stderr).toContain(`mv '${old}' '${path.join(home, '.tessera', `opensearch-${port}`)}'`);
  });
});
