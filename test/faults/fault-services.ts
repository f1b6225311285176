/** What the fault suite's files share: services started with one secret (each stopped when its file ends), calls with a token. */
import { randomBytes } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { dropIndexSets, parseBody, running, startService, type ServiceProcess } from './service-process.js';

const SECRET = `faults-${randomBytes(16).toString('hex')}`;
const started: ServiceProcess[] = [];
export const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
export const token = () => mintToken(SECRET, 'urn:li:corpuser:faults', 3600);

// Registered while the importing test file is collected.
afterAll(async () => {
  for (const s of started) if (running(s.child)) await s.terminate();
  await dropIndexSets();
});

export async function run(env: Record<string, string>, port: number): Promise<ServiceProcess> {
  const s = await startService({ AUTH_SECRET: SECRET, JOB_POLL_MS: '200', JOB_LEASE_MS: '4000', ...env }, port);
  started.push(s);
  return s;
}

export async function call(base: string, tok: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: parseBody(text), text };
}

export async function createDatasets(base: string, tok: string, names: string[]): Promise<void> {
  const r = await call(base, tok, 'POST', '/openapi/v3/entity/dataset?async=false', names.map((n) => ({ urn: ds(n), datasetProperties: { value: { name: n } } })));
  expect(r.status, r.text).toBe(200);
}
