/**
 * A consumer of the event poll from its first offset, and what it must find after any fault: every record once, numbers
 * strictly rising, and every number it passed without a record sealed unused by a leader that took over (a skip
 * document) — never a number two records share, never one the poll stopped at.
 */
import { expect } from 'vitest';

async function getJson(url: string, tok: string): Promise<{ status: number; body: any; text: string }> {
  const r = await fetch(url, { headers: { authorization: `Bearer ${tok}` }, signal: AbortSignal.timeout(30_000) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, text };
}

/** Every record the poll answers from offset 0 until it has nothing more, as the change events it carries. */
export async function readWholePoll(base: string, tok: string): Promise<any[]> {
  const events: any[] = [];
  let offset = '0';
  for (;;) {
    const page = await getJson(`${base}/openapi/v1/events/poll?offsetId=${offset}&limit=5000&pollTimeoutSeconds=0`, tok);
    expect(page.status, page.text).toBe(200);
    if (page.body.count === 0) break;
    for (const e of page.body.events) events.push(JSON.parse(JSON.parse(e.value).payload.value));
    offset = page.body.offsetId;
  }
  return events;
}

/** The numbers sealed unused in an events index (read straight from the node). */
export async function sealedNumbers(opensearchUrl: string, prefix: string): Promise<number[]> {
  const r = await fetch(`${opensearchUrl}/${prefix}events/_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: 10_000, query: { term: { skip: true } }, _source: ['seq'], sort: [{ seq: 'asc' }] }),
  });
  return ((await r.json()) as any).hits.hits.map((h: any) => h._source.seq as number);
}

/** Numbers strictly rising, each record once, and every number passed without a record sealed; answers the sealed count. */
export function expectWholeSequence(events: any[], sealed: number[]): number {
  const seqs = events.map((e) => e.seq as number);
  for (let i = 1; i < seqs.length; i++) expect(seqs[i], `number after ${seqs[i - 1]}`).toBeGreaterThan(seqs[i - 1]);
  expect(new Set(events.map((e) => e.eventId)).size, 'each record once').toBe(events.length);
  const held = new Set(seqs);
  const sealedSet = new Set(sealed);
  const last = seqs.length > 0 ? seqs[seqs.length - 1] : 0;
  const passed: number[] = [];
  for (let n = 1; n <= last; n++) if (!held.has(n)) passed.push(n);
  expect(passed.filter((n) => !sealedSet.has(n)), 'numbers passed without a record that were not sealed (holes)').toEqual([]);
  return passed.length;
}
