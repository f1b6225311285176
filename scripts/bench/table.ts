/** Pure text rendering of the benchmark table: one line per workload with both sides, the ratio and the verdict. */
import type { SideFigures } from './stats.js';

export interface Row {
  workload: string;
  unit: string;
  tessera: SideFigures;
  raw: SideFigures;
  /** The thinnest node:http layer doing the same request (the read rows), and its throughput ÷ raw. */
  thin?: SideFigures;
  ratio: number;
  thinRatio?: number;
  target: string;
  verdict: 'pass' | 'MISS';
  note?: string;
  /** A row judged by figures other than speed (relevance): shown in the Tessera and raw cells instead of the timings. */
  untimed?: { tessera: string; raw: string };
  /** `_nodes/hot_threads` taken during a Tessera half (JSON only). */
  hotThreads?: string;
}

export function formatNumber(n: number | undefined, digits = 0): string {
  if (n === undefined || !Number.isFinite(n)) return '–';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  return ms >= 1000 ? `${formatNumber(ms / 1000, 2)} s` : `${formatNumber(ms, ms < 10 ? 1 : 0)} ms`;
}

function side(s: SideFigures, unit: string): string {
  const errors = s.errors ? ` (${s.errors} errors)` : '';
  if (unit === 'rebuild') return `${formatNumber(s.seconds, 2)} s per rebuild${errors}`;
  return `${formatNumber(s.rate)} ${unit}/s, p50 ${formatMs(s.p50Ms)}, p99 ${formatMs(s.p99Ms)}${errors}`;
}

/** Renders rows as a Markdown table (so the same text goes into the README). */
export function formatTable(rows: Row[]): string {
  const head = ['workload', 'Tessera', 'raw OpenSearch', 'ratio', 'target', 'verdict', 'OpenSearch CPU µs/unit: Tessera / raw', 'service CPU µs/unit', 'note'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const rawCell = side(r.raw, r.unit) + (r.thin ? `; thin node:http layer: ${side(r.thin, r.unit)}` : '');
    const osCpu = `${formatNumber(r.tessera.osCpuUs)} / ${formatNumber(r.raw.osCpuUs)}`;
    const svcCpu = `Tessera ${formatNumber(r.tessera.serviceCpuUs)}${r.thin ? `; thin ${formatNumber(r.thin.serviceCpuUs)}` : ''}`;
    lines.push(`| ${[r.workload, r.untimed?.tessera ?? side(r.tessera, r.unit), r.untimed?.raw ?? rawCell, formatNumber(r.ratio, 2), r.target, r.verdict, osCpu, svcCpu, r.note ?? ''].join(' | ')} |`);
  }
  return lines.join('\n');
}
