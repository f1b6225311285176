/**
 * The change relay's numbers are fenced: a leader hands out only numbers it reserved in the lease document, and one
 * taking over seals what its predecessor reserved but did not write. Two leaders at once (the first one's append held
 * on its way to the node while the second takes over) and an append applied in part (its answer lost) each leave a
 * poll that answers every record once, numbers rising, no number passed by that was not sealed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from './counting-proxy.js';
import { startTestApp, type TestApp } from './harness.js';
import { datasetUrn } from './search-helpers.js';

let a: TestApp;
let b: TestApp;
let proxy: CountingProxy;

beforeAll(async () => {
  proxy = await startCountingProxy((await import('vitest')).inject('opensearchUrl'));
  a = await startTestApp('relay-fencing-a', { OPENSEARCH_URL: proxy.url, CHANGE_RELAY_ENABLED: 'false' });
  b = await startTestApp('relay-fencing-b', { INDEX_PREFIX: a.prefix, CHANGE_RELAY_ENABLED: 'false' });
});
afterAll(async () => {
  await b?.close({ keepIndices: true });
  await a?.close();
  await proxy?.close();
});

async function create(names: string[]): Promise<void> {
  const r = await a.post('/openapi/v3/entity/dataset?async=false', names.map((n) => ({ urn: datasetUrn(n), datasetProperties: { value: { name: n } } })));
  expect(r.status, r.text).toBe(200);
}

/** Every record of the poll from offset 0, and the numbers sealed unused (skip documents). */
async function wholePoll(): Promise<{ seqs: number[]; ids: string[]; urns: string[]; sealed: number[] }> {
  const events: any[] = [];
  for (let offset = '0'; ; ) {
    const page = await b.get(`/openapi/v1/events/poll?offsetId=${offset}&limit=1000&pollTimeoutSeconds=0`);
    expect(page.status, page.text).toBe(200);
    if (page.body.count === 0) break;
    for (const e of page.body.events) events.push(JSON.parse(JSON.parse(e.value).payload.value));
    offset = page.body.offsetId;
  }
  const skips = await b.raw.search({ index: `${a.prefix}events`, body: { size: 10_000, query: { term: { skip: true } }, sort: [{ seq: 'asc' }] } });
  return { seqs: events.map((e) => e.seq), ids: events.map((e) => e.eventId), urns: events.map((e) => e.entityUrn), sealed: (skips.body as any).hits.hits.map((h: any) => h._source.seq) };
}

function expectNoHoleNoRepeat(run: { seqs: number[]; ids: string[]; sealed: number[] }): void {
  expect(new Set(run.ids).size, 'each record once').toBe(run.ids.length);
  expect(run.seqs, 'numbers rising').toEqual([...run.seqs].sort((x, y) => x - y));
  const all = [...run.seqs, ...run.sealed].sort((x, y) => x - y);
  expect(all, 'every number once: a record or sealed').toEqual(all.map((_, i) => i + 1));
}

describe('the change relay under two leaders and partial appends', () => {
  it('seals the numbers of a leader whose append was held while another took over; the held append is refused there', async () => {
    await create(['fence.a0', 'fence.a1']);
    expect(await a.services.relay.tick()).toBe(true);
    await create(['fence.b0', 'fence.b1', 'fence.b2']);
    proxy.reset();
    const release = proxy.hold(/\/_bulk/);
    const first = a.services.relay.tick();
    await expect.poll(() => proxy.seen.some((c) => c.includes('/_bulk'))).toBe(true);
    // Behind the first leader's back, its lease is released: the second one takes over while the first still leads.
    await b.raw.update({ index: `${a.prefix}jobs`, id: 'change-relay', body: { doc: { leaseUntil: 0 } }, refresh: true });
    expect(await b.services.relay.tick()).toBe(true);
    release();
    // It finds its numbers taken (or its lease changed, whichever it meets first) and gives up the lead.
    await expect(first).rejects.toThrow(/sequence numbers taken|changed by another process/);
    const run = await wholePoll();
    expect(run.sealed.length, 'the held page was sealed').toBeGreaterThan(0);
    expectNoHoleNoRepeat(run);
    for (const n of ['fence.a0', 'fence.a1', 'fence.b0', 'fence.b1', 'fence.b2']) expect(run.urns).toContain(datasetUrn(n));
  });

  it('writes the rest of an append the node applied in part, with the same numbers: nothing sealed, nothing twice', async () => {
    // The first process leads again once the second hands its lease on.
    await b.services.relay.stop();
    const before = (await wholePoll()).sealed.length;
    await create(Array.from({ length: 12 }, (_, i) => `fence.c${i}`));
    proxy.reset();
    proxy.halve(/\/_bulk/);
    expect(await a.services.relay.tick()).toBe(true);
    expect(proxy.seen.filter((c) => c.includes('/_bulk')).length, 'the append and its retry').toBeGreaterThanOrEqual(2);
    const run = await wholePoll();
    expect(run.sealed.length).toBe(before);
    expectNoHoleNoRepeat(run);
    for (let i = 0; i < 12; i++) expect(run.urns.filter((u) => u === datasetUrn(`fence.c${i}`)).length, `fence.c${i}`).toBeGreaterThan(0);
  });
});
