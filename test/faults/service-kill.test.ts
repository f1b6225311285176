import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from './service-process.js';
import { createDatasets, ds, run, token } from './fault-services.js';
import { lostWrites, startWriters } from './writers.js';

// kill -9 of the service under writers: every acknowledged write reads back exactly, and writes go on after a start.
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
