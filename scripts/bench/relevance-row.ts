/**
 * The relevance row: the judged query set of test/relevance over the judged catalog, through GraphQL
 * searchAcrossEntities, as success@3 and MRR@10 beside the speed rows. The judged catalog gets its own Tessera process
 * on `<prefix>judged_` (fresh every run, so it is indexed with the current mappings): the bench's generated datasets
 * would otherwise change what the judgements mean, and the bench's reuse check counts its dataset index exactly.
 */
import { seedJudgedCatalog } from '../../test/relevance/judged-catalog.js';
import { JUDGED_QUERIES } from '../../test/relevance/judged-queries.js';
import { formatMisses, runJudgedSet, type JudgedRun } from '../../test/relevance/relevance-metrics.js';
import { graphql, osCall, tesseraCall, type BenchContext } from './context.js';
import type { Running } from './processes.js';
import { summarise } from './stats.js';
import type { Row } from './table.js';

const SEARCH = `query judged($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { searchResults { entity { urn } } } }`;
export const RELEVANCE_TARGET = { successAt3: 0.95, mrrAt10: 0.9 };

export const judgedPrefix = (c: BenchContext) => `${c.prefix}judged_`;

export interface RelevanceFigures {
  successAt3: number;
  mrrAt10: number;
  queries: number;
  misses: string;
}

/** Seeds the judged catalog on a Tessera started by `start` (on judgedPrefix), runs every query once, and makes the row. */
export async function runRelevanceRow(c: BenchContext, start: (prefix: string) => Promise<Running>, keep: boolean): Promise<{ row: Row; figures: RelevanceFigures }> {
  const prefix = judgedPrefix(c);
  await osCall(c, 'DELETE', `/${prefix}*`);
  const tessera = await start(prefix);
  try {
    const ctx: BenchContext = { ...c, tessera: tessera.url, prefix };
    const seeded = await seedJudgedCatalog((path, body) => tesseraCall(ctx, 'POST', path, body));
    c.progress(`  judged catalog: ${seeded} datasets under ${prefix}`);
    const latencies: number[] = [];
    const t0 = performance.now();
    const run: JudgedRun = await runJudgedSet(async (query) => {
      const t = performance.now();
      const data = await graphql(ctx, SEARCH, { input: { types: ['DATASET'], query, start: 0, count: 10 } });
      latencies.push(performance.now() - t);
      return data.searchAcrossEntities.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn);
    }, JUDGED_QUERIES);
    const timing = summarise(latencies, latencies.length, (performance.now() - t0) / 1000, run.outcomes.filter((o) => o.error).length);
    const pass = run.successAt3 >= RELEVANCE_TARGET.successAt3 && run.mrrAt10 >= RELEVANCE_TARGET.mrrAt10;
    const misses = formatMisses(run);
    c.progress(`  ${misses.replace(/\n/g, '\n  ')}`);
    const row: Row = {
      workload: `relevance (judged set, ${run.outcomes.length} queries)`, unit: 'query', tessera: timing, raw: summarise([], 0, 0), ratio: NaN,
      untimed: { tessera: `success@3 ${run.successAt3.toFixed(3)}, MRR@10 ${run.mrrAt10.toFixed(3)}`, raw: '–' },
      target: `success@3 ≥ ${RELEVANCE_TARGET.successAt3}, MRR@10 ≥ ${RELEVANCE_TARGET.mrrAt10}`, verdict: pass ? 'pass' : 'MISS',
      note: `GraphQL searchAcrossEntities, one query at a time: p50 ${timing.p50Ms.toFixed(1)} ms, p99 ${timing.p99Ms.toFixed(1)} ms; ${run.outcomes.filter((o) => o.rank !== 1).length} queries not answered best-first (listed above and in the JSON)`,
    };
    return { row, figures: { successAt3: run.successAt3, mrrAt10: run.mrrAt10, queries: run.outcomes.length, misses } };
  } finally {
    await tessera.stop();
    if (!keep) await osCall(c, 'DELETE', `/${prefix}*`);
  }
}
