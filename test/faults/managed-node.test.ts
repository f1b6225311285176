import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeUrn } from '../../src/model/urn.js';
import { freePort } from './service-process.js';
import { createDatasets, ds, run, token } from './fault-services.js';
import { lostWrites, startWriters } from './writers.js';

// kill -9 of the managed OpenSearch node: the service answers 503 meanwhile and starts the node again by itself.
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
