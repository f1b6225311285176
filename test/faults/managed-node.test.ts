import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeUrn } from '../../src/model/urn.js';
import { freePort } from './service-process.js';
import { cacheSearch, searchTotal } from './cached-search.js';
import { call, createDatasets, ds, run, token } from './fault-services.js';
import { lostWrites, startWriters } from './writers.js';

// kill -9 of the managed OpenSearch node: the service answers 503 meanwhile and starts the node again by itself.
const killNode = (data: string) => process.kill(Number(readFileSync(join(data, 'opensearch.pid'), 'utf8').trim()), 'SIGKILL');

/** Whether a point read succeeds again within three minutes, without restarting the service. */
async function backAgain(url: string, tok: string): Promise<boolean> {
  for (let i = 0; i < 180; i++) {
    const r = await fetch(`${url}/openapi/v3/entity/dataset/${encodeUrn(ds('db.n0'))}`, { headers: { authorization: `Bearer ${tok}` } }).catch(() => undefined);
    if (r?.status === 200) return true;
    await sleep(1000);
  }
  return false;
}

describe('kill -9 of the managed OpenSearch node', () => {
  it('answers 503 meanwhile, starts the node again by itself, loses nothing acknowledged, and stops the node on SIGTERM; a cached answer does not outlive a write across a restart', async () => {
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
      killNode(data);
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
      expect(await backAgain(svc.url, tok), svc.output()).toBe(true);
      await sleep(1000);
      await writers.stop();
      expect(await lostWrites(svc.url, tok, writers)).toEqual([]);

      // The response cache across a node restart: an answer kept (no match yet), a write searchable, the node killed and
      // started again with nothing else written — the next answer is the written one, never the kept one.
      const send = (method: string, path: string, body?: unknown) => call(svc.url, tok, method, path, body);
      await cacheSearch(send, 'restartcheck', 0);
      const made = await call(svc.url, tok, 'POST', `/openapi/v3/entity/dataset?async=false&waitForSearch=true`, [{ urn: ds('db.restartcheck'), datasetProperties: { value: { name: 'restartcheck' } } }]);
      expect(made.status, made.text).toBe(200);
      killNode(data);
      expect(await backAgain(svc.url, tok), svc.output()).toBe(true);
      expect(await searchTotal(send, 'restartcheck')).toBe(1);
      expect(svc.output()).toMatch(/starting it again/);
      expect(await svc.terminate()).toBe(0);
      await expect(fetch(`http://127.0.0.1:${osPort}`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
