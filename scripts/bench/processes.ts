/** Starts and stops the processes a run needs: the compiled Tessera (as `npm start` runs it: dist/ with plain node, NODE_ENV=production) and the thin layer. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from './http.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function build(progress: (line: string) => void): void {
  progress('building dist/ (npm run build)');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed (run with --no-build to use the dist/ already there)');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before answering`);
    const r = await request('GET', url).catch(() => undefined);
    if (r && r.status < 500) return;
    await sleep(200);
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function launch(name: string, args: string[], env: Record<string, string>): ChildProcess {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const log = createWriteStream(path.join(RESULTS_DIR, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}

export interface TesseraOptions {
  opensearchUrl: string;
  prefix: string;
  secret: string;
  name?: string;
  /** Directory for Node's --cpu-prof output; no profiling when absent. */
  cpuProfDir?: string;
  /** More settings (e.g. GRAPHQL_RESPONSE_CACHE_MB=0). */
  env?: Record<string, string>;
}

export async function startTessera(o: TesseraOptions): Promise<Running> {
  const port = await freePort();
  const flags = o.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : [];
  // BENCH_DIST runs another build of Tessera (e.g. a copy with one change) for before/after comparisons.
  const main = path.join(process.env.BENCH_DIST ?? 'dist', 'main.js');
  const child = launch(o.name ?? 'tessera', [...flags, main], {
    // As `npm start` runs it (NODE_ENV=production unless set).
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    PORT: String(port), HOST: '127.0.0.1', OPENSEARCH_URL: o.opensearchUrl, INDEX_PREFIX: o.prefix, AUTH_SECRET: o.secret, DEFAULT_ROLE: 'Admin',
    TESSERA_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-')),
    ...o.env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, child, 'Tessera');
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** The reference layer: a node:http server making one keep-alive GET to OpenSearch per request (see thin-layer.ts). */
export async function startThinLayer(opensearchUrl: string, index: string): Promise<Running> {
  const port = await freePort();
  const child = launch('thin-layer', ['--import', 'tsx', 'scripts/bench/thin-layer.ts'], {
    THIN_PORT: String(port), THIN_OPENSEARCH: opensearchUrl, THIN_INDEX: index,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, child, 'thin layer');
  return { url, pid: child.pid!, stop: stopper(child) };
}
