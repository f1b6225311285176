/** Starts what the cluster test needs: the 3-node cluster (scripts/cluster.sh) and Tessera processes on it, with their log lines; stops all of it. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mintToken } from '../../src/auth/tokens.js';
import { parseBody, serviceArgs } from '../faults/service-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLUSTER = `${ROOT}scripts/cluster.sh`;
export const CLUSTER_PORTS = [9211, 9212, 9213];
export const SECRET = 'cluster-test-secret-0123456789-abcdefghijkl';

export async function startCluster(): Promise<string> {
  const env = { ...process.env, TESSERA_CLUSTER_HTTP_PORTS: CLUSTER_PORTS.join(' ') };
  const { stdout } = await run('bash', [CLUSTER, 'start'], { env, timeout: 280_000, maxBuffer: 16 << 20 });
  return stdout.trim().split('\n').pop()!;
}

export async function stopCluster(): Promise<void> {
  await run('bash', [CLUSTER, 'stop'], { env: { ...process.env, TESSERA_CLUSTER_HTTP_PORTS: CLUSTER_PORTS.join(' ') } }).catch(() => undefined);
}

/** `kill -9` of one OpenSearch node, by the pid file the cluster script keeps. */
export async function killNode(port: number): Promise<void> {
  const { stdout } = await run('bash', [CLUSTER, 'status'], { env: { ...process.env, TESSERA_CLUSTER_HTTP_PORTS: String(port) } });
  const pid = Number(/\(pid (\d+)\)/.exec(stdout)![1]);
  process.kill(pid, 'SIGKILL');
}

export interface TesseraProcess {
  name: string;
  url: string;
  child: ChildProcess;
  lines: Record<string, any>[];
  token: string;
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  kill(): void;
}

/** A Tessera process (the build, or `src/main.ts` through tsx: serviceArgs) on the given OpenSearch nodes; resolves once it serves. */
export async function startTessera(name: string, env: Record<string, string>): Promise<TesseraProcess> {
  const child = spawn(process.execPath, serviceArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', AUTH_SECRET: SECRET, LOG_LEVEL: 'info', DEFAULT_ROLE: 'Admin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, any>[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    buffered += String(chunk);
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part));
      } catch {
        /* not a log line */
      }
    }
  });
  child.stderr!.on('data', (chunk) => void (stderr += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const serving = lines.find((l) => l.msg === 'Tessera is serving');
      if (serving) {
        clearInterval(timer);
        resolve(serving.url.replace('localhost', '127.0.0.1'));
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`Tessera ${name} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
  const token = await mintToken(SECRET, `urn:li:corpuser:${name}`, 3600);
  return {
    name,
    url,
    child,
    lines,
    token,
    async request(method, path, body) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: parseBody(text) };
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 120_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

