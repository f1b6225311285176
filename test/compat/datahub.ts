/**
 * Drives the original's `datahub` CLI and Python SDK (from the compat virtualenv) against a test Tessera: one Python
 * process per test file (datahub_worker.py) runs every command and SDK operation in turn, in a HOME of its own.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject } from 'vitest';
import type { TestApp } from '../integration/harness.js';

const WORKER = fileURLToPath(new URL('./datahub_worker.py', import.meta.url));
/** A command that has not answered by then is stuck: the worker is killed and the command fails. */
const REQUEST_TIMEOUT_MS = 110_000;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Datahub {
  /** The file's scratch directory (also HOME, where `datahub init` writes its config). */
  dir: string;
  /** Runs `datahub <args>` and answers its exit code and output. */
  cli(args: string[]): Promise<CliResult>;
  /** Runs the ops through the original's SDK (see sdk_ops.py), with the app's token or another one (a stored `tsr_pat_…` token). */
  sdk(ops: Record<string, unknown>[], token?: string): Promise<any[]>;
  /** Writes a scratch file and answers its path. */
  file(name: string, text: string): string;
}

interface Answer {
  id: number;
  code?: number;
  stdout?: string;
  stderr?: string;
  results?: any[];
  error?: string;
}

class Worker {
  readonly dir = mkdtempSync(join(tmpdir(), 'tessera-compat-'));
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private stderr = '';

  constructor(venv: string) {
    this.child = spawn(join(venv, 'bin', 'python'), [WORKER], {
      cwd: this.dir,
      env: { PATH: process.env.PATH, HOME: this.dir, DATAHUB_TELEMETRY_ENABLED: 'false', DATAHUB_SUPPRESS_LOGGING_MANAGER: '1', PYTHONWARNINGS: 'ignore' },
    });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-20_000)));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      this.waiting.get(answer.id)?.resolve(answer);
      this.waiting.delete(answer.id);
    });
    this.child.on('exit', (code, signal) => {
      for (const w of this.waiting.values()) w.reject(new Error(`datahub_worker.py exited (${code ?? signal}): ${this.stderr}`));
      this.waiting.clear();
    });
  }

  /** Requests run one after another in the worker; each answers when its own turn has run. */
  request(body: { cli: string[] } | { sdk: Record<string, unknown> }): Promise<Answer> {
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`datahub_worker.py did not answer ${JSON.stringify(body).slice(0, 200)} within ${REQUEST_TIMEOUT_MS} ms: ${this.stderr}`));
        this.child.kill('SIGKILL');
      }, REQUEST_TIMEOUT_MS);
      const settle = <T>(fn: (v: T) => void) => (v: T) => (clearTimeout(timer), fn(v));
      this.waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.child.stdin.write(`${JSON.stringify({ id, ...body })}\n`);
    });
  }

  stop(): void {
    this.child.stdin.end();
    this.child.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

let worker: Worker | undefined;
// Registered while the test file is collected: the file's worker lives until its last test has run.
afterAll(() => {
  worker?.stop();
  worker = undefined;
});

/** A recipe's sink: the datahub-rest sink at the app's /gms with its token, at its default settings unless `extra` says (`mode: SYNC`). */
export function restSink(app: TestApp, ...extra: string[]): string {
  return ['sink:', '  type: datahub-rest', '  config:', `    server: ${app.url}/gms`, `    token: ${app.token}`, ...extra.map((line) => `    ${line}`), ''].join('\n');
}

export function datahubFor(app: TestApp): Datahub {
  const w = (worker ??= new Worker(inject('datahubVenv')));
  return {
    dir: w.dir,
    async cli(args) {
      const a = await w.request({ cli: args });
      if (a.error) throw new Error(`datahub_worker.py: ${a.error}`);
      return { code: a.code!, stdout: a.stdout!, stderr: a.stderr! };
    },
    async sdk(ops, token = app.token) {
      const a = await w.request({ sdk: { server: `${app.url}/gms`, token, ops } });
      if (a.error) throw new Error(`datahub_worker.py: ${a.error}`);
      return a.results!;
    },
    file(name, text) {
      const path = join(w.dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}

/** Writes `aspects` (name → value) of one entity through the REST v3 batch, and requires the write to succeed. */
export async function seedEntity(app: TestApp, type: string, urn: string, aspects: Record<string, unknown>): Promise<void> {
  const item = { urn, ...Object.fromEntries(Object.entries(aspects).map(([k, value]) => [k, { value }])) };
  const res = await app.post(`/openapi/v3/entity/${type}?async=false`, [item]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
