/**
 * The ingest row (issue 38, "connectors"): a generated `file` source of mixed records (ingest-records.ts) through the
 * original's `datahub ingest` with the datahub-rest sink at its default settings, into a Tessera of its own on a fresh
 * catalog under `<prefix>ingest_`, timed as the process's wall time — against raw `_bulk` of the documents Tessera
 * stored for the same records (ingest-raw.ts), on the same node in the same run. While the ingest runs, a probe changes
 * one dataset's tags (at most every 200 ms) and times each change until its record has its place in the sequence (on
 * the event poll), as the bulk row's event-lag probe does. A first file of 1,000 records checks `'failures': []` and
 * warms both sides. Last, the same file through the client with the blackhole sink: the client's own ceiling, as the
 * thin layer is the read rows'.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { enc, osCall, osOk, tesseraCall, tesseraOk, type BenchContext } from './context.js';
import { writeIngestFile, type IngestFile } from './ingest-records.js';
import { collectRawDocs, ingestIndices, makeRawIndices, SINK_BATCH, SINK_THREADS, writeRaw } from './ingest-raw.js';
import { cpuTicks, TICKS_PER_SECOND } from './proc.js';
import type { Running } from './processes.js';
import { childTicks, datahubVenv, runIngest } from './ingest-datahub.js';
import { percentile, type SideFigures } from './stats.js';
import type { Row } from './table.js';

const PROBE_RECORDS = 1000;
const TARGET_RATIO = 0.5;
const TARGET_LAG_P99_MS = 2000;
const LAG_URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,bench.ingest.lag,PROD)';

export interface IngestFigures {
  file: IngestFile;
  /** Records the sink reports written (the pipeline adds its own run records). */
  sinkRecords: number;
  tesseraSeconds: number;
  /** The pipeline's own time, as it prints it (the process's start excluded). */
  pipelineSeconds: number;
  rawSeconds: number;
  rawDocs: { entities: number; points: number; batches: number };
  /** CPU microseconds per record. */
  cpuUs: { tessera: number; tesseraWithCatchUp: number; client: number; clientAlone: number; openSearch: number; rawOpenSearch: number };
  /** The same file through the client with the blackhole sink: what the client alone takes. */
  clientAloneSeconds: number;
  /** From the ingest's end until the relay's backlog is empty. */
  catchUpSeconds: number;
  lag: { probes: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** Engine work for the records (Tessera's catalog, events and jobs included; the raw indices). */
  engine: { tessera: EngineWork; raw: EngineWork; tesseraRefreshesByIndex: Record<string, number> };
  /** `_nodes/hot_threads` during Tessera's ingest. */
  hotThreads?: string;
}

interface EngineWork {
  indexOps: number;
  indexMs: number;
  refreshes: number;
  refreshMs: number;
  mergeMs: number;
  gets: number;
  searches: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const us = (ticks: number, records: number) => ((ticks / TICKS_PER_SECOND) * 1e6) / records;

/** Probes the relay: a tag change on LAG_URN at most every 200 ms, each timed until its record has a sequence number. */
function startLagProbe(c: BenchContext): { firstDone: Promise<void>; stop(): Promise<number[]> } {
  const lags: { sent: number; ms: number }[] = [];
  let stopping = false;
  let from = Infinity;
  let markFirst: () => void;
  const firstDone = new Promise<void>((r) => (markFirst = r));
  const loop = (async () => {
    for (let i = 0; !stopping; i++) {
      const tag = `urn:li:tag:ingestlag${i}`;
      const sent = Date.now();
      await tesseraOk(c, 'POST', `/openapi/v3/entity/dataset/${enc(LAG_URN)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag }] } });
      for (;;) {
        const answer = await tesseraCall(c, 'GET', `/openapi/v3/timeline/${enc(LAG_URN)}?order=desc&count=3&tagUrn=${enc(tag)}`);
        if (answer.status !== 200) throw new Error(`timeline ${answer.status}: ${answer.text.slice(0, 200)}`);
        if (JSON.parse(answer.text).changes?.some((ch: { seq: number | null; operation: string }) => ch.seq !== null && ch.operation === 'ADD')) break;
        if (Date.now() - sent > 300_000) throw new Error(`relay lag probe ${tag}: no sequence number after 300 s`);
        await sleep(50);
      }
      lags.push({ sent, ms: Date.now() - sent });
      if (i === 0) markFirst!();
      await sleep(Math.max(0, sent + 200 - Date.now()));
    }
  })();
  // A failing probe fails the row when it is stopped, not the process meanwhile.
  loop.catch(() => undefined);
  return {
    firstDone: Promise.race([firstDone, loop.then(() => undefined)]).then(() => void (from = Date.now())),
    async stop() {
      stopping = true;
      await loop;
      return lags.filter((l) => l.sent >= from).map((l) => l.ms);
    },
  };
}

async function relayBacklog(c: BenchContext): Promise<number> {
  const r = await tesseraCall(c, 'GET', '/metrics');
  const m = /^tessera_relay_backlog_versions (\S+)/m.exec(r.text);
  return m ? Number(m[1]) : NaN;
}

/** What the engine did for an index pattern so far (primaries): operations, and the milliseconds its threads spent. */
async function engineWork(c: BenchContext, pattern: string): Promise<EngineWork> {
  const r = await osCall(c, 'GET', `/${pattern}/_stats/indexing,refresh,merge,get,search`);
  const p = r.status === 200 ? r.json()._all?.primaries : undefined;
  return {
    indexOps: p?.indexing?.index_total ?? 0, indexMs: p?.indexing?.index_time_in_millis ?? 0, refreshes: p?.refresh?.total ?? 0, refreshMs: p?.refresh?.total_time_in_millis ?? 0,
    mergeMs: p?.merges?.total_time_in_millis ?? 0, gets: p?.get?.total ?? 0, searches: p?.search?.query_total ?? 0,
  };
}

/** Refreshes per index of a pattern so far (names without the prefix), to tell which index the refreshes were of. */
async function refreshesByIndex(c: BenchContext, prefix: string): Promise<Record<string, number>> {
  const r = await osCall(c, 'GET', `/${prefix}*/_stats/refresh`);
  const indices = (r.status === 200 ? r.json().indices : undefined) ?? {};
  return Object.fromEntries(Object.entries(indices).map(([name, v]: [string, any]) => [name.slice(prefix.length), v.primaries.refresh.total as number]));
}

function workBetween(a: EngineWork, b: EngineWork): EngineWork {
  const out = { ...b };
  for (const k of Object.keys(b) as (keyof EngineWork)[]) out[k] = b[k] - a[k];
  return out;
}

const countOf = async (c: BenchContext, index: string) => {
  await osOk(c, 'POST', `/${index}/_refresh`);
  return (await osOk(c, 'GET', `/${index}/_count`)).json().count as number;
};

export async function runIngestRow(c: BenchContext, start: (prefix: string, name?: string) => Promise<Running>, records: number): Promise<{ row: Row; figures: IngestFigures }> {
  const prefix = `${c.prefix}ingest_`;
  const ix = ingestIndices(prefix);
  const venv = datahubVenv();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-ingest-'));
  await osOk(c, 'DELETE', `/${prefix}*`);
  const tessera = await start(prefix, 'tessera-ingest');
  try {
    const ctx: BenchContext = { ...c, tessera: tessera.url, prefix, tesseraPid: tessera.pid };
    // The check, and both sides' warm-up: 1,000 records, every one written, each entity and point where it belongs.
    const probeFile = path.join(dir, 'probe.json');
    const probe = writeIngestFile(probeFile, 'ingbenchp', PROBE_RECORDS);
    const sink = { tessera: tessera.url, token: c.token };
    const checked = await runIngest(venv, dir, sink, probeFile);
    const landed = [await countOf(c, ix.dataset), await countOf(c, ix.container), await countOf(c, ix.points)];
    if (landed.join() !== [probe.datasets, probe.containers, probe.points].join()) {
      throw new Error(`probe: ${probe.datasets} datasets, ${probe.containers} containers and ${probe.points} points sent; stored ${landed.join(', ')}`);
    }
    c.progress(`  probe: ${probe.records.toLocaleString('en-US')} records written, 'failures': [] (${checked.seconds.toFixed(1)} s); generating ${records.toLocaleString('en-US')} records`);

    const file = path.join(dir, 'records.json');
    const gen = writeIngestFile(file, 'ingbencht', records);
    await tesseraOk(ctx, 'POST', `/openapi/v3/entity/dataset/${enc(LAG_URN)}/datasetProperties?createIfNotExists=false`, { value: { name: 'ingest lag probe' } });
    const probeLoop = startLagProbe(ctx);
    await probeLoop.firstDone;
    c.progress(`  ${gen.containers} containers, ${gen.datasets.toLocaleString('en-US')} datasets, ${gen.points.toLocaleString('en-US')} profile points; datahub ingest, default datahub-rest sink (ASYNC_BATCH, ${SINK_BATCH} a batch, ${SINK_THREADS} threads)`);
    // The engine's busiest threads at about 40 % of the run (its length guessed from the probe's rate; JSON only).
    let hotThreads: string | undefined;
    const hot = setTimeout(() => void osCall(c, 'GET', '/_nodes/hot_threads?threads=5&interval=1s').then((r) => (hotThreads = r.text), () => undefined), 0.4 * records * (checked.seconds / PROBE_RECORDS) * 1000);
    const work0 = await engineWork(c, `${prefix}*`);
    const refreshes0 = await refreshesByIndex(c, prefix);
    const [t0, o0, k0] = [cpuTicks(tessera.pid), cpuTicks(c.osPid), childTicks()];
    const run = await runIngest(venv, dir, sink, file).catch(async (e) => {
      clearTimeout(hot);
      await probeLoop.stop().catch(() => undefined);
      throw e;
    });
    const [t1, o1, k1] = [cpuTicks(tessera.pid), cpuTicks(c.osPid), childTicks()];
    clearTimeout(hot);
    const lags = (await probeLoop.stop()).sort((a, b) => a - b);
    const ended = performance.now();
    let catchUpSeconds = Number.NaN;
    for (let waited = 0; waited < 600_000; waited += 250) {
      const backlog = await relayBacklog(ctx);
      if (!(backlog > 0)) {
        catchUpSeconds = Number.isNaN(backlog) ? Number.NaN : (performance.now() - ended) / 1000;
        break;
      }
      await sleep(250);
    }
    const t2 = cpuTicks(tessera.pid);
    const work1 = await engineWork(c, `${prefix}*`);
    const refreshes1 = await refreshesByIndex(c, prefix);
    const tesseraRefreshesByIndex = Object.fromEntries(Object.entries(refreshes1).map(([k, v]): [string, number] => [k, v - (refreshes0[k] ?? 0)]).filter(([, v]) => v > 0));
    const rate = records / run.seconds;
    const lag = { probes: lags.length, p50Ms: percentile(lags, 50), p99Ms: percentile(lags, 99), maxMs: lags.at(-1) ?? Number.NaN };
    c.progress(`  Tessera: ${run.seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en-US')} records/s; relay lag p50 ${lag.p50Ms} ms, p99 ${lag.p99Ms} ms, max ${lag.maxMs} ms (${lag.probes} probes); relay caught up ${catchUpSeconds.toFixed(1)} s after`);
    const stored = [await countOf(c, ix.dataset), await countOf(c, ix.points)];
    if (stored.join() !== [probe.datasets + gen.datasets + 1, probe.points + gen.points].join()) throw new Error(`stored ${stored.join(', ')} datasets and points after the ingest`);

    // Raw: the same documents, read back from Tessera's catalog, then Tessera stopped (its relay has nothing to do).
    const rawWarm = await collectRawDocs(c, prefix, 'ingbenchp', 'ingbenchq');
    const raw = await collectRawDocs(c, prefix, 'ingbencht', 'ingbenchr');
    await tessera.stop();
    await makeRawIndices(c, prefix);
    await writeRaw(c, prefix, rawWarm);
    const rawWork0 = await engineWork(c, `${prefix}raw_*`);
    const r0 = cpuTicks(c.osPid);
    const rawSeconds = await writeRaw(c, prefix, raw);
    const r1 = cpuTicks(c.osPid);
    const rawWork1 = await engineWork(c, `${prefix}raw_*`);
    const rawRate = records / rawSeconds;
    c.progress(`  raw _bulk: ${raw.entities.toLocaleString('en-US')} entity documents and ${raw.points.toLocaleString('en-US')} points in ${rawSeconds.toFixed(1)} s, ${Math.round(rawRate).toLocaleString('en-US')} records/s`);

    // The client alone on the same file (blackhole sink): the most records/s any server could see from it here.
    const k2 = childTicks();
    const alone = await runIngest(venv, dir, 'blackhole', file);
    const clientAloneCpuUs = us(childTicks() - k2, records);
    c.progress(`  the datahub client alone (blackhole sink): ${alone.seconds.toFixed(1)} s, ${Math.round(records / alone.seconds).toLocaleString('en-US')} records/s`);

    const cpuUs = { tessera: us(t1 - t0, records), tesseraWithCatchUp: us(t2 - t0, records), client: us(k1 - k0, records), clientAlone: clientAloneCpuUs, openSearch: us(o1 - o0, records), rawOpenSearch: us(r1 - r0, records) };
    const figures: IngestFigures = {
      file: gen, sinkRecords: run.sinkRecords, tesseraSeconds: run.seconds, pipelineSeconds: run.pipelineSeconds, rawSeconds, clientAloneSeconds: alone.seconds,
      rawDocs: { entities: raw.entities, points: raw.points, batches: raw.bodies.length }, cpuUs, catchUpSeconds, lag,
      engine: { tessera: workBetween(work0, work1), raw: workBetween(rawWork0, rawWork1), tesseraRefreshesByIndex }, hotThreads,
    };
    return { row: rowOf(figures, records), figures };
  } finally {
    await tessera.stop();
    await osCall(c, 'DELETE', `/${prefix}*`);
    rmSync(dir, { recursive: true, force: true });
  }
}

function rowOf(f: IngestFigures, records: number): Row {
  const side = (seconds: number, osCpuUs: number, serviceCpuUs?: number): SideFigures => ({ rate: records / seconds, units: records, seconds, p50Ms: Number.NaN, p99Ms: Number.NaN, errors: 0, osCpuUs, serviceCpuUs });
  const ratio = f.rawSeconds / f.tesseraSeconds;
  const lagOk = f.lag.p99Ms <= TARGET_LAG_P99_MS;
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  return {
    workload: `datahub ingest of a file source, ${records.toLocaleString('en-US')} mixed records (datasets with schemas, containers, lineage, profiles), default datahub-rest sink`,
    unit: 'records', tessera: side(f.tesseraSeconds, f.cpuUs.openSearch, f.cpuUs.tessera), raw: side(f.rawSeconds, f.cpuUs.rawOpenSearch), ratio,
    target: `≥ ${TARGET_RATIO}, relay lag p99 ≤ ${TARGET_LAG_P99_MS / 1000} s`, verdict: ratio >= TARGET_RATIO && lagOk ? 'pass' : 'MISS',
    note: [
      `Tessera ${f.tesseraSeconds.toFixed(1)} s (pipeline ${f.pipelineSeconds.toFixed(1)} s, the rest the CLI's start), raw _bulk ${f.rawSeconds.toFixed(1)} s (${n(f.rawDocs.entities)} entity documents and ${n(f.rawDocs.points)} points, ${SINK_BATCH} a request, ${SINK_THREADS} in flight)`,
      `CPU µs/record: Tessera ${n(f.cpuUs.tessera)} (${n(f.cpuUs.tesseraWithCatchUp)} with the relay's catch-up), the datahub client ${n(f.cpuUs.client)}`,
      `the client alone (blackhole sink) ${n(records / f.clientAloneSeconds)} records/s, ${(f.rawSeconds / f.clientAloneSeconds).toFixed(2)} of raw (${n(f.cpuUs.clientAlone)} µs/record)`,
      `relay lag p50 ${n(f.lag.p50Ms)} ms, p99 ${n(f.lag.p99Ms)} ms, max ${n(f.lag.maxMs)} ms over ${f.lag.probes} probes (${lagOk ? '≤ 2 s' : '> 2 s'}); caught up ${f.catchUpSeconds.toFixed(1)} s after the ingest`,
      `engine index operations per record: Tessera ${(f.engine.tessera.indexOps / records).toFixed(2)} (${f.engine.tessera.refreshes} refreshes), raw ${(f.engine.raw.indexOps / records).toFixed(2)}`,
    ].join('; '),
  };
}
