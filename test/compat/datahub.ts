/** Drives the original's `datahub` CLI and Python SDK (from the compat virtualenv) against a test Tessera, in a HOME of their own. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestApp } from '../integration/harness.js';

const SDK_OPS = fileURLToPath(new URL('./sdk_ops.py', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Datahub {
  /** A scratch directory (also HOME, where `datahub init` writes its config). */
  dir: string;
  cli(args: string[]): Promise<CliResult>;
  /** Runs SDK operations (see sdk_ops.py) in one Python process; answers one result per operation. */
  /** Runs the ops through the original's SDK, with the app's token or another one (a stored `tsr_pat_…` token). */
  sdk(ops: Record<string, unknown>[], token?: string): Promise<any[]>;
  /** Writes a scratch file and answers its path. */
  file(name: string, text: string): string;
  close(): void;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<CliResult> {
  // Asynchronous on purpose: the Tessera under test runs in this process and must keep answering.
  return new Promise((resolve) => {
    execFile(cmd, args, { env, cwd, maxBuffer: 64 * 1024 * 1024, timeout: 110_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export function datahubFor(app: TestApp): Datahub {
  const venv = inject('datahubVenv');
  const dir = mkdtempSync(join(tmpdir(), 'tessera-compat-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    DATAHUB_TELEMETRY_ENABLED: 'false',
    DATAHUB_SUPPRESS_LOGGING_MANAGER: '1',
    PYTHONWARNINGS: 'ignore',
  };
  return {
    dir,
    cli: (args) => run(join(venv, 'bin', 'datahub'), args, env, dir),
    async sdk(ops, token = app.token) {
      const input = join(dir, `ops-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(input, JSON.stringify({ server: `${app.url}/gms`, token, ops }));
      const res = await run(join(venv, 'bin', 'python'), [SDK_OPS, input], env, dir);
      if (res.code !== 0) throw new Error(`sdk_ops.py exited ${res.code}: ${res.stderr}`);
      return JSON.parse(res.stdout.trim().split('\n').pop()!);
    },
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
