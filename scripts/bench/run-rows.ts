/** Runs the rows of the table one after another, each probed for equal results first, and turns figures into rows. */
import type { BenchArgs } from './args.js';
import { wants } from './args.js';
import { bulkCreate, removeBulkDocs, type BulkState } from './bulk.js';
import { measureEventLag } from './event-lag.js';
import { osCall, type BenchContext } from './context.js';
import { runMirrored, type Side } from './load.js';
import { facets, graphqlFilter, graphqlGet, restGet, restQuery, type Workload } from './reads.js';
import { searchPage } from './search-page-row.js';
import { autocomplete, searchWords } from './typing-rows.js';
import { runReindexRow } from './reindex-row.js';
import { runCliRow } from './cli-row.js';
import { runRmw } from './rmw.js';
import { runRelevanceRow } from './relevance-row.js';
import { runExportRow, runImportRow } from './csv-rows.js';
import { runComplianceRow } from './compliance-row.js';
import { runPropagationRow } from './propagation-row.js';
import { runLineageRows } from './lineage-rows.js';
import { runIngestRow } from './ingest-row.js';
import type { Running } from './processes.js';
import { ratioOf, verdictOf, type SideFigures } from './stats.js';
import type { Row } from './table.js';
import { cacheNote, cacheOutcomes } from './response-cache.js';

/** The rows timed against the thin layer too (see thin-layer.ts); main starts it when any of them runs. */
export const READ_ROWS = ['rest-get', 'graphql-get', 'graphql-filter', 'rest-query', 'facets', 'search-page'];

export interface RowsResult {
  rows: Row[];
  extra: Record<string, unknown>;
}

async function timedRow(c: BenchContext, w: Workload, thinPid?: number): Promise<Row> {
  c.progress(`${w.name}: ${w.title}${c.cacheOff ? ' (response cache off)' : ''}`);
  await w.probe();
  const cacheBefore = await cacheOutcomes(c);
  const sides: Side[] = [{ name: 'tessera', op: w.tessera, servicePid: c.tesseraPid }, { name: 'raw', op: w.raw }];
  if (w.thin) sides.push({ name: 'thin', op: w.thin, servicePid: thinPid });
  // Halfway through the first Tessera half, the engine's busiest threads (kept in the JSON, not printed).
  const warmups = c.warmupSeconds * sides.length;
  let hotThreads: string | undefined;
  const timer = setTimeout(() => void osCall(c, 'GET', '/_nodes/hot_threads?threads=3&interval=500ms').then((r) => (hotThreads = r.text), () => undefined), (warmups + c.seconds / 4) * 1000);
  const f = await runMirrored(sides, { concurrency: w.concurrency ?? c.concurrency, seconds: c.seconds, warmupSeconds: c.warmupSeconds, osPid: c.osPid, progress: c.progress });
  clearTimeout(timer);
  const ratio = ratioOf(f.tessera.rate, f.raw.rate);
  const thinRatio = f.thin && ratioOf(f.thin.rate, f.raw.rate);
  const errorsOk = f.tessera.errors === 0 && f.raw.errors === 0;
  const fastEnough = w.p99MaxMs === undefined || f.tessera.p99Ms <= w.p99MaxMs;
  const title = c.cacheOff ? `${w.title} — response cache off` : w.title;
  const row: Row = { workload: title, unit: w.unit, tessera: f.tessera, raw: f.raw, thin: f.thin, ratio, thinRatio, target: w.target.text, verdict: verdictOf(ratio, w.target, errorsOk && fastEnough), hotThreads };
  if (f.thin) {
    // The thin layer is the ceiling of a zero-work Node layer: its ratio and CPU put Tessera's in proportion.
    const within = f.tessera.serviceCpuUs! / f.thin.serviceCpuUs!;
    const cpuTarget = w.thinCpuTarget ? ` (target ≤ ${w.thinCpuTarget}×)` : '';
    row.note = `thin layer reaches ${thinRatio!.toFixed(2)} of raw; Tessera CPU ${within.toFixed(1)}× the thin layer's${cpuTarget}`;
  }
  const cache = cacheNote(cacheBefore, await cacheOutcomes(c), c.cacheOff === true);
  if (cache) row.note = [cache, row.note].filter(Boolean).join('; ');
  const thinErrors = f.thin?.errors ? `, thin ${f.thin.errors}` : '';
  if (!errorsOk || thinErrors) row.note = `${row.note ?? ''} errors: Tessera ${f.tessera.errors}, raw ${f.raw.errors}${thinErrors}`.trim();
  c.progress(`  ratio ${ratio.toFixed(2)} (${row.verdict})${thinRatio === undefined ? '' : `, thin layer ${thinRatio.toFixed(2)}`}`);
  return row;
}

const secondsFigures = (runs: number[]): SideFigures => {
  const mean = runs.reduce((a, b) => a + b, 0) / runs.length;
  return { rate: 1 / mean, units: runs.length, seconds: mean, p50Ms: mean * 1000, p99Ms: Math.max(...runs) * 1000, errors: 0 };
};

interface SecondsRowSpec {
  workload: string;
  unit: string;
  target: string;
  verdict: (ratio: number, tesseraSeconds: number) => Row['verdict'];
  note: (tesseraSeconds: number, rawSeconds: number) => string;
}

/** A row timed in whole runs (seconds per run, each side's mean): the ratio is raw seconds over Tessera's. */
function secondsRow(c: BenchContext, f: { tesseraSeconds: number[]; rawSeconds: number[] }, spec: SecondsRowSpec): Row {
  const t = secondsFigures(f.tesseraSeconds);
  const r = secondsFigures(f.rawSeconds);
  const ratio = r.seconds / t.seconds;
  c.progress(`  Tessera ${t.seconds.toFixed(2)} s, raw ${r.seconds.toFixed(2)} s, ratio ${ratio.toFixed(2)}`);
  return { workload: spec.workload, unit: spec.unit, tessera: t, raw: r, ratio, target: spec.target, verdict: spec.verdict(ratio, t.seconds), note: spec.note(t.seconds, r.seconds) };
}

/** A row that fails is reported and skipped; the others still run. */
async function guard(c: BenchContext, failures: string[], name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (e) {
    failures.push(`${name}: ${(e as Error).message}`);
    c.progress(`  ${name} FAILED: ${(e as Error).message}`);
  }
}

/** `startUncached` starts the build again on this catalog with the response cache off. `startJudged` starts another Tessera on a given prefix (the relevance and compliance rows' own catalogs; `name` names its log); absent with BENCH_BASE_URL. */
export async function runRows(
  c: BenchContext,
  args: BenchArgs,
  thin?: { url: string; pid: number },
  startJudged?: (prefix: string, name?: string) => Promise<Running>,
  startUncached?: () => Promise<Running>,
): Promise<RowsResult> {
  const rows: Row[] = [];
  const failures: string[] = [];
  const extra: Record<string, unknown> = { failures };
  const reads = [restGet, graphqlGet, graphqlFilter, restQuery, facets, searchPage, searchWords, autocomplete].map((read) => read(c, thin?.url));
  for (const w of reads) if (wants(args, w.name)) await guard(c, failures, w.name, async () => void rows.push(await timedRow(c, w, thin?.pid)));
  // The GraphQL rows again on a process of the same build with the response cache off (same catalog): what running costs.
  const graphqlReads = [graphqlGet, graphqlFilter, facets, searchPage].filter((read) => wants(args, read(c).name));
  if (graphqlReads.length > 0 && startUncached) {
    const uncached = await startUncached();
    const off: BenchContext = { ...c, tessera: uncached.url, tesseraPid: uncached.pid, cacheOff: true };
    try {
      for (const read of graphqlReads) {
        const w = read(off, thin?.url);
        await guard(c, failures, `${w.name} (cache off)`, async () => void rows.push(await timedRow(off, w, thin?.pid)));
      }
    } finally {
      await uncached.stop();
    }
  }
  if (wants(args, 'rmw')) await guard(c, failures, 'rmw', async () => {
    c.progress('rmw: 32 concurrent PATCHes adding keys to one entity, 20 rounds per side');
    const f = await runRmw(c);
    const ratio = ratioOf(f.tessera.rate, f.raw.rate);
    rows.push({
      workload: '32 concurrent PATCHes adding keys to one entity, 20 rounds', unit: 'req', tessera: f.tessera, raw: f.raw, ratio,
      target: '≥ 2.0, 0 lost', verdict: verdictOf(ratio, { min: 2 }, f.tessera.lost === 0 && f.tessera.errors === 0),
      note: `lost: Tessera ${f.tessera.lost}, raw ${f.raw.lost}; raw ${f.raw.attemptsPerWrite.toFixed(1)} attempts per write`,
    });
    c.progress(`  ratio ${ratio.toFixed(2)}, lost ${f.tessera.lost}`);
  });
  if (wants(args, 'reindex')) await guard(c, failures, 'reindex', async () => {
    c.progress('reindex: npm run reindex rebuild of the dataset index vs _reindex + alias swap by hand');
    const f = await runReindexRow(c);
    rows.push(
      secondsRow(c, f, {
        workload: `reindex: rebuild of the dataset index, ${f.documents.toLocaleString('en-US')} documents`, unit: 'rebuild', target: '≥ 0.95',
        verdict: (ratio) => verdictOf(ratio, { min: 0.95 }),
        note: (t, r) => `Tessera ${t.toFixed(2)} s (process start ${f.startupSeconds.toFixed(2)} s not counted), raw ${r.toFixed(2)} s`,
      }),
    );
    extra.reindex = f;
  });
  if (wants(args, 'cli')) await guard(c, failures, 'cli', async () => {
    c.progress('cli: tessera dataset upsert -f of 10,000 small datasets vs _bulk of the same documents');
    const f = await runCliRow(c);
    rows.push(
      secondsRow(c, f, {
        workload: `CLI: tessera dataset upsert -f of ${f.datasets.toLocaleString('en-US')} datasets`, unit: 'file', target: '< 10 s',
        verdict: (_ratio, t) => (t < 10 ? 'pass' : 'MISS'),
        note: (t, r) => `Tessera ${t.toFixed(1)} s (process start, file checks and the wait for search included), raw _bulk ${r.toFixed(1)} s`,
      }),
    );
    extra.cli = f;
  });
  if (wants(args, 'bulk')) await guard(c, failures, 'bulk', async () => {
    const state: BulkState = { created: [], twoPass: false };
    try {
      const workload = bulkCreate(c, state);
      const row = await timedRow(c, workload);
      if (state.twoPass) row.note = 'Tessera refused datasetProperties + structuredProperties in one item (404): two batch POSTs per batch';
      // How soon change records are on the event poll under this load, and under one batch in flight (target: p99 ≤ 2 s).
      const lags = [];
      // Short probes with 1 and 4 batches in flight, or one sustained load at the row's own rate (4 in flight).
      const runs: [number, number][] = args.sustainedLagSeconds > 0 ? [[4, args.sustainedLagSeconds]] : [[1, Math.max(8, args.seconds * 2)], [4, Math.max(8, args.seconds * 2)]];
      for (const [inFlight, seconds] of runs) {
        const lag = await measureEventLag(c, workload, seconds, state.created, inFlight);
        lags.push(lag.probes === 0 ? `${inFlight} in flight: none (no change history in this build)` : `${inFlight} in flight for ${seconds} s: p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms, max ${lag.maxMs} ms (${lag.probes} probes; the load created ${Math.round(lag.created / lag.loadSeconds)} datasets/s meanwhile)`);
        extra[`eventLag${inFlight}`] = lag;
      }
      row.note = [row.note, `change records on the event poll (target p99 ≤ 2 s) with ${lags.join('; ')}`].filter(Boolean).join('; ');
      rows.unshift(row);
    } finally {
      await removeBulkDocs(c, state);
    }
  });
  if (wants(args, 'export')) await guard(c, failures, 'export', async () => {
    c.progress('export: the whole catalog as CSV with three properties and tags vs search_after pages of the same hits');
    const f = await runExportRow(c);
    rows.push(
      secondsRow(c, f, {
        workload: `CSV export of ${f.rows.toLocaleString('en-US')} datasets (three properties and tags), streamed`, unit: 'export', target: '≥ 5,000 rows/s',
        verdict: (_ratio, t) => (f.rows / t >= 5000 ? 'pass' : 'MISS'),
        note: (t, r) => `Tessera ${Math.round(f.rows / t).toLocaleString('en-US')} rows/s, raw paging ${Math.round(f.rows / r).toLocaleString('en-US')} rows/s`,
      }),
    );
    extra.export = f;
  });
  if (wants(args, 'import')) await guard(c, failures, 'import', async () => {
    c.progress('import: a CSV of 10,000 rows each changing one value vs _mget + _bulk of the same documents');
    const f = await runImportRow(c);
    // The issue's bar: an import applies at the bulk row's rate (documents per second of Tessera's batch create).
    const bulk = rows.find((r) => r.workload.startsWith('bulk create'));
    const bulkRate = bulk?.tessera.rate;
    rows.push(
      secondsRow(c, f, {
        workload: `CSV import of ${f.rows.toLocaleString('en-US')} rows, one value changed each, applied`, unit: 'import', target: bulkRate ? `≥ bulk row's ${Math.round(bulkRate).toLocaleString('en-US')} docs/s` : "≥ the bulk row's rate",
        verdict: (_ratio, t) => (bulkRate !== undefined && f.rows / t >= bulkRate ? 'pass' : 'MISS'),
        note: (t, r) => `Tessera ${Math.round(f.rows / t).toLocaleString('en-US')} rows/s (checked and applied), raw read-and-rewrite ${Math.round(f.rows / r).toLocaleString('en-US')} docs/s${bulkRate ? '' : '; run with the bulk row to compare'}`,
      }),
    );
    extra.import = f;
  });
  if (wants(args, 'relevance')) await guard(c, failures, 'relevance', async () => {
    c.progress('relevance: the judged query set over the judged catalog, through GraphQL searchAcrossEntities');
    if (!startJudged) throw new Error('needs a Tessera process of its own on another prefix: not available with BENCH_BASE_URL');
    const { row, figures } = await runRelevanceRow(c, startJudged, args.keep);
    rows.push(row);
    extra.relevance = figures;
  });
  if (wants(args, 'compliance')) await guard(c, failures, 'compliance', async () => {
    c.progress('compliance: the REST compliance report of one required property over 1,000,000 datasets vs the same three counting queries raw');
    if (!startJudged) throw new Error('needs a Tessera process of its own on another prefix: not available with BENCH_BASE_URL');
    const { row, figures } = await runComplianceRow(c, startJudged, args.keep);
    rows.push(row);
    extra.compliance = figures;
  });
  if (wants(args, 'lineage')) await guard(c, failures, 'lineage', async () => {
    c.progress('lineage: one hop, 3-hop impact and searchAcrossLineage over 1,000,000 datasets and 5,000,000 edges vs a raw client doing the same hops');
    if (!startJudged) throw new Error('needs a Tessera process of its own on another prefix: not available with BENCH_BASE_URL');
    const { rows: lineageRows, figures } = await runLineageRows(c, startJudged, args.keep);
    rows.push(...lineageRows);
    extra.lineage = figures;
  });
  if (wants(args, 'propagation')) await guard(c, failures, 'propagation', async () => {
    c.progress('propagation: a column property value propagated to 10,000 downstream columns by its rule, until every value and its event is written');
    if (!startJudged) throw new Error('needs a Tessera process of its own on another prefix: not available with BENCH_BASE_URL');
    const { row, figures } = await runPropagationRow(c, startJudged);
    rows.push(row);
    extra.propagation = figures;
  });
  if (wants(args, 'ingest')) await guard(c, failures, 'ingest', async () => {
    c.progress(`ingest: datahub ingest of a file source of ${args.ingestRecords.toLocaleString('en-US')} mixed records (default datahub-rest sink) vs _bulk of the same documents`);
    if (!startJudged) throw new Error('needs a Tessera process of its own on another prefix: not available with BENCH_BASE_URL');
    const { row, figures } = await runIngestRow(c, startJudged, args.ingestRecords);
    rows.push(row);
    extra.ingest = figures;
  });
  return { rows, extra };
}
