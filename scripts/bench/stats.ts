/** Pure figures of the benchmark: percentiles of latency samples, rates, ratios against raw OpenSearch and verdicts. */

export interface SideFigures {
  /** Units (requests, or documents for bulk rows) per second over the timed halves. */
  rate: number;
  units: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU of the OpenSearch process per unit, microseconds. */
  osCpuUs?: number;
  /** CPU of the serving process (Tessera, or the thin layer) per unit, microseconds. */
  serviceCpuUs?: number;
}

/** How a row passes: throughput ratio at least `min`, or (for the reindex row) time ratio at least `min`. */
export interface Target {
  min: number;
  /** Extra condition shown in the table, e.g. "0 lost". */
  note?: string;
}

/** Nearest-rank percentile of unsorted samples; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarise(latenciesMs: readonly number[], units: number, seconds: number, errors = 0): SideFigures {
  return {
    rate: seconds > 0 ? units / seconds : 0,
    units,
    seconds,
    p50Ms: percentile(latenciesMs, 50),
    p99Ms: percentile(latenciesMs, 99),
    errors,
  };
}

/** Tessera throughput ÷ raw throughput; NaN when the raw side did nothing. */
export function ratioOf(tessera: number, raw: number): number {
  return raw > 0 ? tessera / raw : NaN;
}

export function verdictOf(ratio: number, target: Target, extraOk = true): 'pass' | 'MISS' {
  return Number.isFinite(ratio) && ratio >= target.min && extraOk ? 'pass' : 'MISS';
}

/** CPU microseconds per unit from a delta of clock ticks (as /proc reports them). */
export function cpuPerUnitUs(ticks: number, ticksPerSecond: number, units: number): number {
  return units > 0 ? (ticks / ticksPerSecond) * 1e6 / units : NaN;
}
