/**
 * A GraphQL search whose answer the response cache keeps, for the suites that restart or move what the catalog's version
 * is read from (a node killed and started again, a primary shard moved): the answer is first made a cache hit, then the
 * catalog changes, then the fault; the next answer must be the changed one.
 */
import { expect } from 'vitest';

type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

const QUERY = (word: string) => `{ searchAcrossEntities(input: { types: [DATASET], query: "${word}", start: 0, count: 1 }) { total } }`;

/** The search's total, as one GraphQL request answers it. */
export async function searchTotal(send: Send, word: string): Promise<number> {
  const r = await send('POST', '/api/graphql', { query: QUERY(word) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  return r.body.data.searchAcrossEntities.total;
}

async function hits(send: Send): Promise<number> {
  const r = await send('GET', '/metrics');
  const text = typeof r.body === 'string' ? r.body : '';
  return Number(/^tessera_graphql_response_cache_total\{outcome="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * Asks the search in pairs until the second of a pair is answered from the cache with `total` (a change made just
 * before keeps answers for a short while only, so the first pairs may both run); returns once the cache holds it.
 */
export async function cacheSearch(send: Send, word: string, total: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    expect(await searchTotal(send, word)).toBe(total);
    const before = await hits(send);
    expect(await searchTotal(send, word)).toBe(total);
    if ((await hits(send)) > before) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the search for "${word}" was never answered from the response cache`);
}
