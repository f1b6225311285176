/** Loads generated documents straight into an index with `_bulk` (refresh off meanwhile, one refresh at the end), for rows with catalogs of their own. */
import { osOk, type BenchContext } from './context.js';

const BULK_DOCS = 5000;
const BULK_IN_FLIGHT = 2;

/** Documents 0 … count-1 (`docOf(i)`: its `_id` and source), 5,000 a request, 2 in flight; answers the seconds taken. */
export async function bulkLoad(c: BenchContext, index: string, count: number, docOf: (i: number) => { id: string; doc: object }): Promise<number> {
  const settings = (await osOk(c, 'GET', `/${index}/_settings`)).json();
  const refreshInterval = (Object.values(settings)[0] as any).settings.index.refresh_interval ?? null;
  await osOk(c, 'PUT', `/${index}/_settings`, { index: { refresh_interval: '-1' } });
  const t0 = performance.now();
  try {
    let next = 0;
    let done = 0;
    await Promise.all(Array.from({ length: BULK_IN_FLIGHT }, async () => {
      while (next < count) {
        const from = next;
        next = Math.min(count, next + BULK_DOCS);
        const lines: string[] = [];
        for (let i = from; i < next; i++) {
          const { id, doc } = docOf(i);
          lines.push(JSON.stringify({ index: { _id: id } }), JSON.stringify(doc));
        }
        const res = (await osOk(c, 'POST', `/${index}/_bulk?refresh=false`, `${lines.join('\n')}\n`)).json();
        if (res.errors) throw new Error(`_bulk into ${index} failed: ${JSON.stringify(res.items.find((it: any) => it.index?.error)).slice(0, 400)}`);
        done += lines.length / 2;
        if (done % 100_000 === 0) c.progress(`  ${done.toLocaleString('en-US')} documents`);
      }
    }));
  } finally {
    await osOk(c, 'PUT', `/${index}/_settings`, { index: { refresh_interval: refreshInterval } });
  }
  await osOk(c, 'POST', `/${index}/_refresh`);
  return (performance.now() - t0) / 1000;
}
