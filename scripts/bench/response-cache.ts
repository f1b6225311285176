/**
 * What the GraphQL response cache did during a row (from the service's /metrics), and the same rows again on a process
 * with the cache off: a repeated query answered from the cache is not the speed of running it (issue "trust", §3).
 */
import { tesseraCall, type BenchContext } from './context.js';

export type CacheOutcomes = Record<'hit' | 'miss' | 'first' | 'skip', number>;

/** The response cache's outcome counters now (all zero when the service does not export them). */
export async function cacheOutcomes(c: BenchContext): Promise<CacheOutcomes> {
  const out: CacheOutcomes = { hit: 0, miss: 0, first: 0, skip: 0 };
  const r = await tesseraCall(c, 'GET', '/metrics').catch(() => undefined);
  if (!r || r.status !== 200) return out;
  for (const m of r.text.matchAll(/^tessera_graphql_response_cache_total\{outcome="(\w+)"\} (\d+)/gm)) {
    if (m[1] in out) out[m[1] as keyof CacheOutcomes] = Number(m[2]);
  }
  return out;
}

/** The row's note about the cache: how many GraphQL answers of the row came from it (nothing for rows without GraphQL). */
export function cacheNote(before: CacheOutcomes, after: CacheOutcomes, cacheOff: boolean): string | undefined {
  const d = (k: keyof CacheOutcomes) => after[k] - before[k];
  const asked = d('hit') + d('miss') + d('first') + d('skip');
  if (cacheOff) return 'response cache off: every answer ran';
  if (asked === 0) return undefined;
  const share = Math.round((100 * d('hit')) / asked);
  return `answered from the response cache: ${d('hit').toLocaleString('en-US')} of ${asked.toLocaleString('en-US')} (${share} %)`;
}
