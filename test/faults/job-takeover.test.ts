import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { describe, expect, inject, it } from 'vitest';
import { encodeUrn } from '../../src/model/urn.js';
import { freePort } from './service-process.js';
import { call, ds, run, token } from './fault-services.js';

// kill -9 of the process holding a hard delete's clean-up job: another process takes the job over and finishes it.
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
    // Alone the job is done in seconds; beside the other suites on two cores it has taken minutes.
    let done: any;
    for (const until = Date.now() + 300_000; done?.status !== 'done' && Date.now() < until; ) {
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
