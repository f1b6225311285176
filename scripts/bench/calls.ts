/** Engine calls per request: a second Tessera process behind the counting proxy runs each row's request a few times. */
import { startCountingProxy } from './counting-proxy.js';
import type { BenchContext } from './context.js';
import type { Op } from './load.js';
import { startTessera } from './processes.js';

export interface CallCount {
  row: string;
  perRequest: Record<string, number>;
  total: number;
  /** A sample of the request bodies Tessera sent, per endpoint. */
  samples: Record<string, string[]>;
}

/** `ops(ctx)` builds each row's Tessera operation against the given context (the proxied process). */
export interface CountedRow {
  row: string;
  op: (ctx: BenchContext) => Op | undefined;
  repeats?: number;
  cleanup?: () => Promise<void>;
}

export async function countCalls(c: BenchContext, secret: string, rows: CountedRow[], defaultRepeats = 20): Promise<CallCount[]> {
  const proxy = await startCountingProxy(c.opensearch, c.prefix);
  const tessera = await startTessera({ opensearchUrl: proxy.url, prefix: c.prefix, secret, name: 'tessera-counted' });
  const ctx = { ...c, tessera: tessera.url };
  const out: CallCount[] = [];
  try {
    for (const { row, op: make, repeats = defaultRepeats, cleanup } of rows) {
      const op = make(ctx);
      if (!op) continue;
      for (let i = 0; i < Math.min(3, repeats); i++) await op(0, 1000 + i); // warm caches the way the timed run does
      proxy.reset();
      for (let i = 0; i < repeats; i++) await op(0, i);
      const perRequest = Object.fromEntries([...proxy.counts].filter(([k]) => !/_cluster\/health|jobs\//.test(k)).map(([k, n]) => [k, n / repeats]));
      await cleanup?.();
      out.push({ row, perRequest, total: Object.values(perRequest).reduce((a, b) => a + b, 0), samples: Object.fromEntries(proxy.bodies) });
      c.progress(`  ${row}: ${Object.entries(perRequest).map(([k, n]) => `${k} ×${+n.toFixed(2)}`).join(', ') || 'none'}`);
    }
  } finally {
    await tessera.stop();
    await proxy.close();
  }
  return out;
}
