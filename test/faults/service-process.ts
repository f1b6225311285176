/** Runs Tessera as a real child process (as `npm start` does, one node process) so tests can kill -9 it and start it again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildIsFresh } from '../../scripts/build-if-stale.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How to run the service: the build when it is fresh (as `npm test` leaves it; it starts on half the CPU), else the sources through tsx. */
export function serviceArgs(): string[] {
  return buildIsFresh() ? [`${ROOT}dist/main.js`] : ['--import', 'tsx', `${ROOT}src/main.ts`];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill9(): void;
  /** SIGTERM, resolving with the exit code once the process has ended. */
  terminate(): Promise<number | null>;
}

/** Whether the process is still alive: one killed by a signal keeps `exitCode` null and gets a `signalCode`. */
export const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** The index sets of the services this file started on a node of the run (node URL → prefixes). */
const indexSets = new Map<string, Set<string>>();

/**
 * Deletes the index sets of the services this file started (call once they are stopped). Left behind, a file's sets
 * (the relay files' 18 indices a run) filled the shared node up to its 1,000-shard limit within days of runs.
 */
export async function dropIndexSets(): Promise<void> {
  for (const [node, prefixes] of indexSets) {
    for (const prefix of prefixes) await fetch(`${node}/${prefix}*`, { method: 'DELETE' });
  }
  indexSets.clear();
}

export async function startService(env: Record<string, string>, port: number, readyTimeoutMs = 180_000): Promise<ServiceProcess> {
  if (env.OPENSEARCH_URL && env.INDEX_PREFIX) (indexSets.get(env.OPENSEARCH_URL) ?? indexSets.set(env.OPENSEARCH_URL, new Set()).get(env.OPENSEARCH_URL)!).add(env.INDEX_PREFIX);
  // The node is the test's choice: an OPENSEARCH_URL of the run (CI exports one) must not stop a service meant to manage its own.
  const { OPENSEARCH_URL: _run, ...inherited } = process.env;
  const child = spawn(process.execPath, serviceArgs(), {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', DEFAULT_ROLE: 'Admin', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (!running(child)) throw new Error(`service exited with ${child.exitCode ?? child.signalCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) })).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service not ready after ${readyTimeoutMs} ms:\n${out}`);
    }
    await sleep(250);
  }
  return {
    url,
    child,
    output: () => out,
    kill9: () => void child.kill('SIGKILL'),
    terminate: () =>
      new Promise((resolve) => {
        if (!running(child)) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** A JSON body parsed; any other (the metrics' text) as it came. */
export function parseBody(text: string): any {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
