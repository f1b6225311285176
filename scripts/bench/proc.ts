/** What /proc says about a process (CPU ticks, resident memory) and what the header says about the machine. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ok } from './http.js';

export const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process in clock ticks, or NaN when it cannot be read (another machine, gone). */
export function cpuTicks(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

export function rssBytes(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The pid of the local OpenSearch node serving `url` (it reports its own), when it runs on this machine. */
export async function openSearchPid(url: string): Promise<number | undefined> {
  const body = (await ok('GET', `${url}/_nodes/_local/process`)).json();
  const node = Object.values(body.nodes ?? {})[0] as { process?: { id?: number } } | undefined;
  const pid = node?.process?.id;
  return pid && !Number.isNaN(cpuTicks(pid)) ? pid : undefined;
}

export async function openSearchMemory(url: string): Promise<{ heapUsed: number; heapMax: number }> {
  const body = (await ok('GET', `${url}/_nodes/_local/stats/jvm`)).json();
  const node = Object.values(body.nodes ?? {})[0] as any;
  return { heapUsed: node?.jvm?.mem?.heap_used_in_bytes ?? NaN, heapMax: node?.jvm?.mem?.heap_max_in_bytes ?? NaN };
}

export function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, load ${load}`;
}

/** Samples the CPU ticks of several processes at once. */
export class CpuMeter {
  constructor(private readonly pids: Record<string, number | undefined>) {}
  sample(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.pids).map(([k, pid]) => [k, cpuTicks(pid)]));
  }
}
