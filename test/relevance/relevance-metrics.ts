/** Relevance figures of a ranked search over a judged query set: success@k, MRR@10, and the list of misses. */
import { JUDGED_QUERIES, type JudgedQuery } from './judged-queries.js';

/** 1-based rank of the first relevant result, or undefined when none is among `results`. */
export function firstRelevantRank(results: readonly string[], relevant: readonly string[]): number | undefined {
  const i = results.findIndex((r) => relevant.includes(r));
  return i < 0 ? undefined : i + 1;
}

/** Share of queries whose first relevant result ranks within `k` (ranks: one per query, undefined for none). */
export function successAt(ranks: readonly (number | undefined)[], k: number): number {
  if (ranks.length === 0) return 0;
  return ranks.filter((r) => r !== undefined && r <= k).length / ranks.length;
}

/** Mean of 1/rank of the first relevant result, counting 0 when it is not within the first 10. */
export function mrrAt10(ranks: readonly (number | undefined)[]): number {
  if (ranks.length === 0) return 0;
  return ranks.reduce<number>((sum, r) => sum + (r !== undefined && r <= 10 ? 1 / r : 0), 0) / ranks.length;
}

export interface QueryOutcome {
  query: JudgedQuery;
  /** The top 10 URNs the search answered (empty when it failed). */
  results: string[];
  rank?: number;
  /** The search's error message, when it failed. */
  error?: string;
}

export interface JudgedRun {
  outcomes: QueryOutcome[];
  successAt3: number;
  mrrAt10: number;
}

/** Runs every query through `search` (top 10 URNs, best first), one at a time; a failed search counts as a miss. */
export async function runJudgedSet(search: (q: string) => Promise<string[]>, queries: readonly JudgedQuery[] = JUDGED_QUERIES): Promise<JudgedRun> {
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    try {
      const results = (await search(query.query)).slice(0, 10);
      outcomes.push({ query, results, rank: firstRelevantRank(results, query.relevant) });
    } catch (e) {
      outcomes.push({ query, results: [], error: (e as Error).message });
    }
  }
  const ranks = outcomes.map((o) => o.rank);
  return { outcomes, successAt3: successAt(ranks, 3), mrrAt10: mrrAt10(ranks) };
}

/** `urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)` → `hive:sales.orders` (`…/DEV` for other origins). */
export function shortUrn(urn: string): string {
  const m = /^urn:li:dataset:\(urn:li:dataPlatform:([^,]+),(.+),([A-Z]+)\)$/.exec(urn);
  if (!m) return urn;
  return `${m[1]}:${m[2]}${m[3] === 'PROD' ? '' : `/${m[3]}`}`;
}

/** The two figures on one line. */
export const formatFigures = (run: JudgedRun) => `success@3 ${run.successAt3.toFixed(3)}, MRR@10 ${run.mrrAt10.toFixed(3)} over ${run.outcomes.length} queries`;

/** One line per query whose first relevant result is not first: what was asked, what was meant, what came back. */
export function formatMisses(run: JudgedRun): string {
  const lines = run.outcomes
    .filter((o) => o.rank !== 1)
    .map((o) => {
      const got = o.error ? `error: ${o.error.slice(0, 160)}` : `got [${o.results.slice(0, 3).map(shortUrn).join(', ')}]`;
      const rank = o.rank === undefined ? 'not in top 10' : `first relevant at ${o.rank}`;
      return `  ${JSON.stringify(o.query.query)} (${o.query.category}; ${rank}): expected one of [${o.query.relevant.map(shortUrn).join(', ')}]; ${got}`;
    });
  return [formatFigures(run), ...lines].join('\n');
}
