/**
 * The change relay under a fault of its leader, with two processes relaying one catalog and eight writers on both: ten
 * rounds of a leader paused past its lease (SIGSTOP; the other takes over and seals, then the paused one resumes
 * believing it still leads: two leaders at once) or of a leader killed (kill -9) and started again. Afterwards a consumer
 * reading the whole poll sees every change that took effect exactly once, numbers rising, and no number passed by that
 * was not sealed; per entity, versions rise by one. One test file per kind (relay-leader-*.test.ts), so they run at once.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, inject } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { encodeUrn } from '../../src/model/urn.js';
import { dropIndexSets, freePort, running, startService, type ServiceProcess } from './service-process.js';
import { expectWholeSequence, readWholePoll, sealedNumbers } from './whole-poll.js';
import { startWriters } from './writers.js';

const SECRET = `relay-${randomBytes(16).toString('hex')}`;
const LEASE_MS = 3_000;
const ROUNDS = 10;
const started: ServiceProcess[] = [];
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

afterAll(async () => {
  for (const s of started) {
    if (running(s.child)) s.child.kill('SIGCONT');
    if (running(s.child)) await s.terminate();
  }
  await dropIndexSets();
});

async function call(base: string, tok: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, text };
}

/** The pid the relay's lease names, read straight from the node (undefined while no one holds it). */
async function leaderPid(prefix: string): Promise<number | undefined> {
  const r = await fetch(`${inject('opensearchUrl')}/${prefix}jobs/_doc/change-relay`);
  const doc = ((await r.json()) as any)._source;
  if (!doc || doc.leaseUntil === 0) return undefined;
  return Number(/\(pid (\d+)\)/.exec(doc.leaseOwner)?.[1]);
}

export type LeaderFault = 'paused' | 'killed';

export async function relayLeaderRounds(kind: LeaderFault): Promise<void> {
  const prefix = `f_relay_${randomBytes(3).toString('hex')}_`;
  const env = { OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: prefix, AUTH_SECRET: SECRET, JOB_POLL_MS: '200', RELAY_LEASE_MS: String(LEASE_MS) };
  const ports = [await freePort(), await freePort()];
  const procs: ServiceProcess[] = [];
  const start = async (i: number) => {
    const s = await startService(env, ports[i]);
    started.push(s);
    procs[i] = s;
  };
  await start(0);
  await start(1);
  const tok = await mintToken(SECRET, 'urn:li:corpuser:relay', 3600);
  const datasets = Array.from({ length: 8 }, (_, i) => ds(`relay.d${i}`));
  const made = await call(procs[0].url, tok, 'POST', '/openapi/v3/entity/dataset?async=false', datasets.map((urn) => ({ urn, datasetProperties: { value: { name: urn } } })));
  expect(made.status, made.text).toBe(200);

  let turn = 0;
  let takeovers = 0;
  // Writes go to both processes in turn, and to the other one only while one is paused: a request to a stopped process
  // would hang, and the writers would write almost nothing while the leader is away (234 writes in ten rounds).
  let paused = -1;
  const writers = startWriters(() => procs[paused < 0 ? turn++ % 2 : 1 - paused].url, tok, datasets);
  for (let round = 0; round < ROUNDS; round++) {
    await sleep(300 + Math.random() * 700);
    let pid: number | undefined;
    for (const until = Date.now() + 60_000; pid === undefined && Date.now() < until; ) (pid = await leaderPid(prefix)) ?? (await sleep(100));
    const i = procs.findIndex((p) => p.child.pid === pid);
    expect(i, `the leader (pid ${pid}) is one of the two processes`).toBeGreaterThanOrEqual(0);
    if (kind === 'paused') {
      paused = i;
      procs[i].child.kill('SIGSTOP');
      // The other process takes over after watching the lease unrenewed for its length, and seals what it reserved;
      // resumed, the paused one still believes it leads until its next conditional write: two leaders at once.
      let now = pid;
      for (let waited = 0; now === pid && waited < 30_000; waited += 200) (await sleep(200)) ?? (now = await leaderPid(prefix));
      expect(now, 'the other process took the lease over').toBe(procs[1 - i].child.pid);
      await sleep(Math.random() * 1_000);
      procs[i].child.kill('SIGCONT');
      paused = -1;
      takeovers++;
    } else {
      procs[i].kill9();
      await sleep(100);
      await start(i);
    }
  }
  await writers.stop();

  // Every key stored, recorded once; the relay has caught up when no entity has records waiting.
  const stored = new Set<string>();
  for (const urn of datasets) {
    const r = await call(procs[0].url, tok, 'GET', `/openapi/v3/entity/dataset/${encodeUrn(urn)}/datasetProperties`);
    for (const k of Object.keys(r.body.datasetProperties.value.customProperties ?? {})) stored.add(k);
  }
  for (const keys of writers.acked.values()) for (const k of keys) expect(stored.has(k), `acknowledged ${k} is stored`).toBe(true);
  const pending = async () => {
    for (const urn of datasets) {
      const page = await call(procs[1].url, tok, 'GET', `/openapi/v3/timeline/${encodeUrn(urn)}?order=desc&count=5`);
      if (page.body.changes.some((c: any) => c.pending)) return true;
    }
    return false;
  };
  for (let i = 0; (await pending()) && i < 120; i++) await sleep(500);
  expect(await pending()).toBe(false);

  const events = await readWholePoll(procs[1].url, tok);
  const passed = expectWholeSequence(events, await sealedNumbers(inject('opensearchUrl'), prefix));
  const recorded = events
    .filter((e) => e.aspect === 'datasetProperties' && e.modifier?.startsWith('customProperties'))
    .flatMap((e) => (e.modifier === 'customProperties' ? Object.keys(e.after) : [e.modifier.slice('customProperties.'.length)]));
  expect(recorded.length, 'each change recorded once').toBe(new Set(recorded).size);
  expect(new Set(recorded)).toEqual(stored);
  for (const urn of datasets) {
    const versions = [...new Set(events.filter((e) => e.entityUrn === urn).map((e) => e.entityVersion))];
    expect(versions, urn).toEqual(versions.map((_, i) => i + 1));
  }
  if (kind === 'paused') expect(takeovers).toBe(ROUNDS);
  console.log(`${kind}: ${writers.attempts()} writes, ${stored.size} stored, ${events.length} records, ${passed} numbers sealed unused`);
}
