/** Closed-loop load: C workers repeat one operation; sides are timed in mirrored order (A B … B A) so drift cancels. */
import { cpuPerUnitUs, summarise, type SideFigures } from './stats.js';
import { CpuMeter, TICKS_PER_SECOND } from './proc.js';

/** One operation; resolves with the units it did (1 request, or the documents of a batch). */
export type Op = (worker: number, seq: number) => Promise<number>;

export interface Side {
  name: string;
  op: Op;
  /** The process serving this side besides OpenSearch (Tessera, the thin layer), for CPU per unit. */
  servicePid?: number;
}

export interface LoadOptions {
  concurrency: number;
  /** Each timed half runs this long, or `ops` operations when given. */
  seconds: number;
  ops?: number;
  warmupSeconds: number;
  osPid?: number;
  progress: (line: string) => void;
}

interface Half {
  latencies: number[];
  units: number;
  seconds: number;
  errors: number;
  firstError?: string;
}

async function runHalf(op: Op, concurrency: number, seconds: number, ops: number | undefined, seq: { n: number }): Promise<Half> {
  const half: Half = { latencies: [], units: 0, seconds: 0, errors: 0 };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let issued = 0;
  const more = () => (ops !== undefined ? issued < ops : performance.now() < deadline);
  const next = () => (issued++, seq.n++);
  const worker = async (w: number) => {
    while (more()) {
      const n = next();
      const t0 = performance.now();
      try {
        const units = await op(w, n); // read the sum only after the await, or concurrent workers lose updates
        half.units += units;
        half.latencies.push(performance.now() - t0);
      } catch (e) {
        half.errors++;
        half.firstError ??= (e as Error).message;
        if (half.errors > 50 && half.errors > half.units) throw new Error(`too many errors; first: ${half.firstError}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  half.seconds = (performance.now() - start) / 1000;
  return half;
}

/** Warms every side up, then runs the halves in mirrored order; returns figures per side name. */
export async function runMirrored(sides: Side[], opts: LoadOptions): Promise<Record<string, SideFigures>> {
  const meter = new CpuMeter({ os: opts.osPid, ...Object.fromEntries(sides.map((s) => [s.name, s.servicePid])) });
  // Sequence numbers run on across halves so no operation repeats another's (bulk rows create new documents).
  const seqs = new Map(sides.map((s) => [s.name, { n: 0 }]));
  for (const s of sides) await runHalf(s.op, opts.concurrency, opts.warmupSeconds, opts.ops === undefined ? undefined : Math.min(opts.ops, opts.concurrency), seqs.get(s.name)!);
  const acc = new Map(sides.map((s) => [s.name, { latencies: [] as number[], units: 0, seconds: 0, errors: 0, osTicks: 0, serviceTicks: 0, firstError: undefined as string | undefined }]));
  const order = [...sides, ...[...sides].reverse()];
  for (const s of order) {
    const before = meter.sample();
    const half = await runHalf(s.op, opts.concurrency, opts.seconds, opts.ops, seqs.get(s.name)!);
    const after = meter.sample();
    const a = acc.get(s.name)!;
    a.latencies.push(...half.latencies);
    a.units += half.units;
    a.seconds += half.seconds;
    a.errors += half.errors;
    a.firstError ??= half.firstError;
    a.osTicks += after.os - before.os;
    a.serviceTicks += after[s.name] - before[s.name];
    opts.progress(`  ${s.name.padEnd(8)} ${(half.units / half.seconds).toFixed(0).padStart(7)}/s over ${half.seconds.toFixed(1)} s${half.errors ? `, ${half.errors} errors (${half.firstError})` : ''}`);
  }
  const out: Record<string, SideFigures> = {};
  for (const [name, a] of acc) {
    out[name] = {
      ...summarise(a.latencies, a.units, a.seconds, a.errors),
      osCpuUs: cpuPerUnitUs(a.osTicks, TICKS_PER_SECOND, a.units),
      serviceCpuUs: cpuPerUnitUs(a.serviceTicks, TICKS_PER_SECOND, a.units),
    };
  }
  return out;
}
