import { readFileSync } from 'node:fs';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { encodeUrn } from '../../src/model/urn.js';
import { freePort, running, startService, type ServiceProcess } from './service-process.js';
import { lostWrites, startWriters } from './writers.js';

// Crash tests: kill -9 of the service under writers, of the managed OpenSearch node (the service starts it again by
// itself), and of the process holding a hard delete's clean-up job. Every acknowledged write reads back exactly.
const SECRET = `faults-${randomBytes(16).toString('hex')}`;
const started: ServiceProcess[] = [];
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const token = () => mintToken(SECRET, 'urn:li:corpuser:faults', 3600);

afterAll(async () => {
  for (const s of started) if (running(s.child)) await s.terminate();
});

async function run(env: Record<string, string>, port: number): Promise<ServiceProcess> {
  const s = await startService({ AUTH_SECRET: SECRET, JOB_POLL_MS: '200', JOB_LEASE_MS: '4000', ...env }, port);
  started.push(s);
  return s;
}

async function call(base: string, tok: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, text };
}

async function createDatasets(base: string, tok: string, names: string[]): Promise<void> {
  const r = await call(base, tok, 'POST', '/openapi/v3/entity/dataset?async=false', names.map((n) => ({ urn: ds(n), datasetProperties: { value: { name: n } } })));
  expect(r.status, r.text).toBe(200);
}

describe('kill -9 of the service under 8 writers', () => {
  it('loses no acknowledged write, and writes go on once it is started again', async () => {
    const env = { OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: `f_svc_${randomBytes(3).toString('hex')}_` };
    const port = await freePort();
    let svc = await run(env, port);
    const tok = await token();
    const datasets = ['db.k0', 'db.k1', 'db.k2', 'db.k3'];
    await createDatasets(svc.url, tok, datasets);
    const writers = startWriters(() => svc.url, tok, datasets.map(ds));
    await sleep(2000);
    svc.kill9();
    const ackedAtKill = [...writers.acked.values()].reduce((n, s) => n + s.size, 0);
    await sleep(500);
    svc = await run(env, port);
    await sleep(1500);
    await writers.stop();
    const total = [...writers.acked.values()].reduce((n, s) => n + s.size, 0);
    expect(ackedAtKill).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(ackedAtKill);
    expect(await lostWrites(svc.url, tok, writers)).toEqual([]);
    await svc.terminate();
    const raw = new Client({ node: inject('opensearchUrl') });
    await raw.indices.delete({ index: `${env.INDEX_PREFIX}*` });
    await raw.close();
  });
});

describe('kill -9 of the managed OpenSearch node', () => {
  it('answers 503 meanwhile, starts the node again by itself, loses nothing acknowledged, and stops the node on SIGTERM', async () => {
    const osPort = 9240 + Math.floor(Math.random() * 20);
    // Not created here: the node runs as an unprivileged user and the start script makes the folder theirs.
    const data = join(tmpdir(), `tessera-faults-node-${randomBytes(4).toString('hex')}`);
    const env = { TESSERA_OS_PORT: String(osPort), TESSERA_OS_DATA: data, INDEX_PREFIX: 'f_node_' };
    try {
      const svc = await run(env, await freePort());
      const tok = await token();
      const datasets = ['db.n0', 'db.n1'];
      await createDatasets(svc.url, tok, datasets);
      const writers = startWriters(() => svc.url, tok, datasets.map(ds), 8);
      await sleep(1500);
      const pid = Number(readFileSync(join(data, 'opensearch.pid'), 'utf8').trim());
      process.kill(pid, 'SIGKILL');
      // Meanwhile: 503 with Retry-After and a JSON body.
      let unavailable: { status: number; retryAfter: string | null; body: any } | undefined;
      for (let i = 0; i < 100 && !unavailable; i++) {
        const r = await fetch(`${svc.url}/openapi/v3/entity/dataset/${encodeUrn(ds('db.n0'))}`, { headers: { authorization: `Bearer ${tok}` } });
        if (r.status === 503) unavailable = { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() };
        else await sleep(100);
      }
      expect(unavailable).toMatchObject({ status: 503, retryAfter: '5', body: { error: 'Service Unavailable' } });
      const ready = await fetch(`${svc.url}/ready`);
      expect(ready.status).toBe(503);
      // Back by itself: a read succeeds again without restarting the service.
      let back = false;
      for (let i = 0; i < 180 && !back; i++) {
        const r = await fetch(`${svc.url}/openapi/v3/entity/dataset/${encodeUrn(ds('db.n0'))}`, { headers: { authorization: `Bearer ${tok}` } }).catch(() => undefined);
        back = r?.status === 200;
        if (!back) await sleep(1000);
      }
      expect(back, svc.output()).toBe(true);
      await sleep(1000);
      await writers.stop();
      expect(await lostWrites(svc.url, tok, writers)).toEqual([]);
      expect(svc.output()).toMatch(/starting it again/);
      expect(await svc.terminate()).toBe(0);
      await expect(fetch(`http://127.0.0.1:${osPort}`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('kill -9 of the process holding a hard delete clean-up job', () => {
  it('another process takes the job over and finishes it: every value is gone, every carrier readable', async () => {
    const prefix = `f_job_${randomBytes(3).toString('hex')}_`;
    const env = { OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix };
    const a = await run(env, await freePort());
    const tok = await token();
    const prop = 'urn:li:structuredProperty:faults.size';
    const def = { qualifiedName: 'faults.size', valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    expect((await call(a.url, tok, 'POST', `/openapi/v3/entity/structuredProperty/${encodeUrn(prop)}/propertyDefinition?createIfNotExists=false`, { value: def })).status).toBe(200);
    const names = Array.from({ length: 1500 }, (_, i) => `db.carrier${i}`);
    for (let i = 0; i < names.length; i += 500) {
      const batch = names.slice(i, i + 500).map((n, j) => ({
        urn: ds(n),
        datasetProperties: { value: { name: n } },
        structuredProperties: { value: { properties: [{ propertyUrn: prop, values: [{ double: i + j }] }] } },
      }));
      const r = await call(a.url, tok, 'POST', '/openapi/v3/entity/dataset?async=false&waitForSearch=true', batch);
      expect(r.status, r.text).toBe(200);
    }
    expect((await call(a.url, tok, 'DELETE', `/openapi/v3/entity/structuredProperty/${encodeUrn(prop)}`)).status).toBe(200);
    // Kill the holder as soon as it has claimed the job.
    let job: any;
    for (let i = 0; i < 400 && job?.status !== 'running'; i++) {
      job = (await call(a.url, tok, 'GET', '/openapi/v3/jobs?type=structuredPropertyHardDelete')).body.jobs[0];
      if (job?.status !== 'running') await sleep(25);
    }
    a.kill9();
    expect(job?.status, JSON.stringify(job)).toBe('running');
    const b = await run(env, await freePort());
    let done: any;
    for (let i = 0; i < 240 && done?.status !== 'done'; i++) {
      done = (await call(b.url, tok, 'GET', `/openapi/v3/jobs/${job.id}`)).body;
      if (done?.status !== 'done') await sleep(500);
    }
    expect(done, b.output()).toMatchObject({ status: 'done' });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    const raw = new Client({ node: inject('opensearchUrl') });
    await raw.indices.refresh({ index: `${prefix}dataset` });
    const left = await raw.count({ index: `${prefix}dataset`, body: { query: { exists: { field: 'structuredProperties.faults_size' } } } });
    expect(left.body.count).toBe(0);
    for (const n of [names[0], names[777], names[1499]]) {
      const r = await call(b.url, tok, 'GET', `/openapi/v3/entity/dataset/${encodeUrn(ds(n))}`);
      expect(r.status).toBe(200);
      expect(r.body.datasetProperties.value.name).toBe(n);
      expect(r.body.structuredProperties?.value.properties ?? []).toEqual([]);
    }
    await raw.indices.delete({ index: `${prefix}*` });
    await raw.close();
    await b.terminate();
  });
});
