/** Runs the BUILT `tessera` command (the bundle dist/cli/tessera.js) as a child process against a test app; builds dist/ first when it is missing or stale. */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestApp } from './harness.js';
import { buildIsFresh } from '../../scripts/build-if-stale.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The `tessera` command as installed (package.json bin): the bundle of dist/cli/main.js. */
export const CLI = join(ROOT, 'dist/cli/tessera.js');
const LOCK = join(ROOT, 'dist/.cli-test-build.lock');

const fresh = buildIsFresh;

/** `npm test` builds before running; a direct vitest run builds here, once, under a lock shared by parallel test files. */
export async function ensureBuilt(): Promise<void> {
  if (fresh()) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 120_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
      if (fresh()) return;
    }
  }
  try {
    // Never a synchronous child: a build blocking the worker's event loop past 60 s times out Vitest's calls to it.
    if (!fresh()) await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/build-if-stale.mjs')], { cwd: ROOT, maxBuffer: 64 << 20 });
    if (!existsSync(CLI)) throw new Error('the build did not produce dist/cli/tessera.js');
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is. */
  json: any;
}

/**
 * A fresh HOME, so `~/.tesseraenv` of the machine is never read or written. It lives in the run's directory, which the
 * global setup removes at the end of the run (a worker runs many files: no per-file hook would see them all).
 */
export function tempHome(): string {
  return mkdtempSync(join(inject('testRunDir'), 'cli-home-'));
}

/** Writes a file into a test's home directory and returns its path. */
export function writeHomeFile(home: string, name: string, text: string): string {
  const p = join(home, name);
  writeFileSync(p, text);
  return p;
}

/** The environment pointing the CLI at a test app (through its `/gms` prefix). */
export function cliEnv(app: TestApp, home: string, extra: Record<string, string> = {}): Record<string, string> {
  return { TESSERA_SERVER: `${app.url}/gms`, TESSERA_TOKEN: app.token, HOME: home, ...extra };
}

export function runCli(args: string[], env: Record<string, string>, opts: { input?: string; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: opts.cwd ?? ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = stdout.trim() ? JSON.parse(stdout) : undefined;
      } catch {
        json = undefined;
      }
      resolvePromise({ code: code ?? -1, stdout, stderr, json });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs the CLI inside a pseudo-terminal (util-linux `script`), answering prompts with `answers` (one per prompt). */
export function runCliInTty(args: string[], env: Record<string, string>, answers: string | string[]): Promise<CliResult> {
  const command = [process.execPath, CLI, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolvePromise, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', TERM: 'dumb', ...env } });
    let stdout = '';
    const pending = Array.isArray(answers) ? [...answers] : [answers];
    let answeredUpTo = 0;
    // Each answer goes out once a prompt (text ending in ': ', '? ' or '] ') has appeared after the previous answer.
    child.stdout.on('data', (d) => {
      stdout += d;
      if (pending.length > 0 && /[:?\]] ?$/.test(stdout.slice(answeredUpTo).trimEnd() + ' ')) {
        answeredUpTo = stdout.length;
        child.stdin.write(pending.shift()!);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr: '', json: undefined }));
  });
}
