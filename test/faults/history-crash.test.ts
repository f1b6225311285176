/**
 * History across crashes: mixed writes while the service is kill -9ed and started again at 10 random moments. The
 * records afterwards are exactly the changes that took effect (every acknowledged one, none of a refused one, and one
 * whose answer was lost iff its value is stored); per entity versions rise by exactly 1; the sequence has no hole (a
 * number passed by was sealed unused by the next leader); a consumer reading the poll from the start sees every record once.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { encodeUrn } from '../../src/model/urn.js';
import { dropIndexSets, freePort, running, startService, type ServiceProcess } from './service-process.js';
import { expectWholeSequence, readWholePoll, sealedNumbers } from './whole-poll.js';

const SECRET = `history-${randomBytes(16).toString('hex')}`;
const started: ServiceProcess[] = [];
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const WRITES = 5_000;
const KILLS = 10;

afterAll(async () => {
  for (const s of started) if (running(s.child)) await s.terminate();
  await dropIndexSets();
});

async function call(base: string, tok: string, method: string, path: string, body?: unknown, contentType = 'application/json') {
  const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${tok}`, 'content-type': contentType }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, text };
}

describe('kill -9 of the service during 5,000 mixed writes', () => {
  it('leaves exactly one record per change that took effect, versions rising by one, and a sequence without gaps', async () => {
    const env = { OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: `f_hist_${randomBytes(3).toString('hex')}_`, AUTH_SECRET: SECRET, JOB_POLL_MS: '200' };
    const port = await freePort();
    const start = async () => {
      const s = await startService(env, port);
      started.push(s);
      return s;
    };
    let svc = await start();
    const tok = await mintToken(SECRET, 'urn:li:corpuser:crash', 3600);
    const datasets = Array.from({ length: 6 }, (_, i) => ds(`hist.c${i}`));
    const made = await call(svc.url, tok, 'POST', '/openapi/v3/entity/dataset?async=false', datasets.map((urn) => ({ urn, datasetProperties: { value: { name: urn } } })));
    expect(made.status, made.text).toBe(200);

    // 8 writers: most writes add a key to customProperties (one record each); every 7th sends a value a rule refuses.
    const acked = new Set<string>();
    const refused = new Set<string>();
    let sent = 0;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; sent < WRITES; i++) {
        sent++;
        const urn = datasets[(w + i) % datasets.length];
        const key = `w${w}_${i}`;
        const bad = i % 7 === 6;
        try {
          const ops = bad ? [{ op: 'add', path: '/name', value: 42 }] : [{ op: 'add', path: `/customProperties/${key}`, value: String(i) }];
          const r = await call(svc.url, tok, 'PATCH', `/openapi/v3/entity/dataset/${encodeUrn(urn)}/datasetProperties`, ops, 'application/json-patch+json');
          if (r.status === 200 && !bad) acked.add(key);
          else if (r.status === 400) refused.add(key);
          else await sleep(50);
        } catch {
          await sleep(100); // the service is down: not acknowledged
        }
      }
    });
    const killer = (async () => {
      for (let k = 0; k < KILLS; k++) {
        await sleep(500 + Math.random() * 1500);
        svc.kill9();
        await sleep(100);
        svc = await start();
      }
    })();
    await Promise.all([...writers, killer]);
    expect(refused.size).toBeGreaterThan(0);

    // What is stored, and every record once the relay has caught up (no entity has records waiting).
    const stored = new Set<string>();
    for (const urn of datasets) {
      const r = await call(svc.url, tok, 'GET', `/openapi/v3/entity/dataset/${encodeUrn(urn)}/datasetProperties`);
      for (const k of Object.keys(r.body.datasetProperties.value.customProperties ?? {})) stored.add(k);
    }
    for (const k of acked) expect(stored.has(k), `acknowledged ${k} is stored`).toBe(true);
    const pending = async () => {
      for (const urn of datasets) {
        const page = await call(svc.url, tok, 'GET', `/openapi/v3/timeline/${encodeUrn(urn)}?order=desc&count=5`);
        if (page.body.changes.some((c: any) => c.pending)) return true;
      }
      return false;
    };
    for (let i = 0; (await pending()) && i < 120; i++) await sleep(500);
    expect(await pending()).toBe(false);

    // Every record once, and the poll reached every record the history holds (a hole would stop it short); numbers a
    // killed leader reserved but never wrote are sealed by the next one, and passed by.
    const events = await readWholePoll(svc.url, tok);
    expectWholeSequence(events, await sealedNumbers(inject('opensearchUrl'), env.INDEX_PREFIX));
    let held = 0;
    for (let cursor = ''; ; ) {
      const page = await call(svc.url, tok, 'GET', `/openapi/v3/history?count=1000${cursor && `&cursor=${cursor}`}`);
      expect(page.status, page.text).toBe(200);
      held += page.body.count;
      if (!page.body.cursor) break;
      cursor = page.body.cursor;
    }
    expect(events.length, 'records the poll answers of those the history holds').toBe(held);
    // One record per stored key, none for a refused write or a key that is not stored.
    // A dataset's first key adds the map itself (its record holds the map); every other key is its own record.
    const recorded = events
      .filter((e) => e.aspect === 'datasetProperties' && e.modifier?.startsWith('customProperties'))
      .flatMap((e) => (e.modifier === 'customProperties' ? Object.keys(e.after) : [e.modifier.slice('customProperties.'.length)]));
    expect(recorded.length).toBe(new Set(recorded).size);
    expect(new Set(recorded)).toEqual(stored);
    expect(events.filter((e) => e.aspect === 'datasetProperties' && e.modifier === 'name')).toEqual([]);
    // Per entity, versions rise by exactly one.
    for (const urn of datasets) {
      const versions = [...new Set(events.filter((e) => e.entityUrn === urn).map((e) => e.entityVersion))];
      expect(versions, urn).toEqual(versions.map((_, i) => i + 1));
    }
  });
});
