/**
 * Rows timed one call at a time (a report, a lineage walk): the sides take turns (A B B A …) after a warm-up, the
 * engine's request cache cleared before each call so every call does the whole work, with the CPU of the engine and
 * of the service counted around each call.
 */
import { osOk, type BenchContext } from './context.js';
import { cpuTicks, TICKS_PER_SECOND } from './proc.js';
import { cpuPerUnitUs, summarise, type SideFigures } from './stats.js';

export interface Side {
  name: 'tessera' | 'raw';
  call: () => Promise<unknown>;
  latencies: number[];
  osTicks: number;
  serviceTicks: number;
  errors: number;
}

export const sideOf = (name: Side['name'], call: () => Promise<unknown>): Side => ({ name, call, latencies: [], osTicks: 0, serviceTicks: 0, errors: 0 });

const WARMUP_CALLS = 3;

export async function measure(c: BenchContext, index: string, servicePid: number, sides: Side[], calls: number): Promise<void> {
  const once = async (s: Side, timed: boolean) => {
    await osOk(c, 'POST', `/${index}/_cache/clear?request=true`);
    const os0 = cpuTicks(c.osPid);
    const svc0 = cpuTicks(servicePid);
    const t0 = performance.now();
    const ok = await s.call().then(() => true, () => false);
    const ms = performance.now() - t0;
    if (!timed) return;
    s.latencies.push(ms);
    s.osTicks += cpuTicks(c.osPid) - os0;
    s.serviceTicks += cpuTicks(servicePid) - svc0;
    if (!ok) s.errors++;
  };
  for (let k = 0; k < WARMUP_CALLS; k++) for (const s of sides) await once(s, false);
  for (let k = 0; k < calls; k++) for (const s of k % 2 === 0 ? sides : [...sides].reverse()) await once(s, true);
}

export function figuresOf(s: Side, withService: boolean): SideFigures {
  const f = summarise(s.latencies, s.latencies.length, s.latencies.reduce((a, b) => a + b, 0) / 1000, s.errors);
  return { ...f, osCpuUs: cpuPerUnitUs(s.osTicks, TICKS_PER_SECOND, s.latencies.length), ...(withService && { serviceCpuUs: cpuPerUnitUs(s.serviceTicks, TICKS_PER_SECOND, s.latencies.length) }) };
}
