/**
 * The change relay of the built service runs in a thread of its own (relay-thread.ts): its rounds lead, the records of a
 * write reach the poll, its instruments count on the process's /metrics, and a stop hands the lease on.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { buildIsFresh } from '../../scripts/build-if-stale.mjs';
import { dropIndexSets, freePort, running, startService, type ServiceProcess } from '../faults/service-process.js';

const SECRET = `thread-${randomBytes(16).toString('hex')}`;
const prefix = `relaythread_${randomBytes(3).toString('hex')}_`;
const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,relay.thread,PROD)';
let service: ServiceProcess | undefined;

afterAll(async () => {
  if (service && running(service.child)) await service.terminate();
  await dropIndexSets();
});

describe('the change relay in a thread of its own', () => {
  it('leads from its thread, relays a write to the poll, counts on /metrics, and hands the lease on at stop', async () => {
    service = await startService({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix, AUTH_SECRET: SECRET, LOG_LEVEL: 'info' }, await freePort());
    const headers = { authorization: `Bearer ${await mintToken(SECRET, 'urn:li:corpuser:thread', 600)}`, 'content-type': 'application/json' };
    const enc = encodeURIComponent(urn);
    const put = await fetch(`${service.url}/openapi/v3/entity/dataset/${enc}/datasetProperties`, { method: 'POST', headers, body: JSON.stringify({ value: { name: 'threaded' } }) });
    expect(put.status, await put.text()).toBeLessThan(300);
    await expect
      .poll(async () => {
        const page = await (await fetch(`${service!.url}/openapi/v3/timeline/${enc}?order=desc&count=5`, { headers })).json();
        return page.changes?.some((c: { seq: number | null }) => c.seq !== null);
      })
      .toBe(true);
    // A round is counted when it ends (after its events are on the poll), on the main thread's registry.
    const led = async () => Number(/tessera_relay_rounds_total\{outcome="led"\} (\d+)/.exec(await (await fetch(`${service!.url}/metrics`, { headers })).text())?.[1] ?? 0);
    await expect.poll(led).toBeGreaterThan(0);
    // From the build it runs in its own thread (from the sources, on the main one): its log lines say so.
    const leadingLine = () => service!.output().split('\n').find((l) => l.includes('leading the change relay'));
    await expect.poll(leadingLine).toBeDefined(); // a thread's output reaches the process's stdout through the main thread
    const leading = leadingLine();
    if (buildIsFresh()) expect(JSON.parse(leading!).thread).toBe('change-relay');
    expect(await service.terminate()).toBe(0);
    const lease = await (await fetch(`${inject('opensearchUrl')}/${prefix}jobs/_doc/change-relay`)).json();
    expect(lease._source.leaseUntil).toBe(0);
  });
});
