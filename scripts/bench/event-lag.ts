/**
 * How soon a change record is on the event poll under the bulk row's write load: while batch POSTs of 500 datasets
 * are in flight (as many as asked), a probe changes one dataset's tags and notes when the change's record has its sequence number.
 */
import { datasetUrn } from './catalog.js';
import { tesseraCall, tesseraOk, type BenchContext } from './context.js';
import type { Workload } from './reads.js';
import { percentile } from './stats.js';

export interface EventLag {
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Datasets the load created while the probes ran, and over how many seconds (its rate). */
  created: number;
  loadSeconds: number;
}

/** `created` collects the probe's dataset, for the row's clean-up. */
export async function measureEventLag(c: BenchContext, load: Workload, seconds: number, created: string[], inFlight: number): Promise<EventLag> {
  const urn = datasetUrn('bench.eventlag', 0);
  created.push(urn);
  const enc = encodeURIComponent(urn);
  await tesseraOk(c, 'POST', `/openapi/v3/entity/dataset/${enc}/datasetProperties?createIfNotExists=false`, { value: { name: 'eventlag' } });
  let until = Date.now() + seconds * 1000;
  const lags: number[] = [];
  let stop = false;
  // The write load: the bulk row's batches, `inFlight` at a time.
  let seq = 0;
  let written = 0;
  let writtenAtStart = 0;
  let startedAt = Date.now();
  const writers = Array.from({ length: inFlight }, async () => {
    // Counted after the await: `written += await …` reads `written` before it, and four writers then overwrite each
    // other's counts (the rate reported was a quarter of the engine's).
    while (!stop) {
      const n = await load.tessera(0, 1_000_000 + seq++);
      written += n;
    }
  });
  // A probe change, then its record watched for until it has its place in the sequence (it is on the poll then):
  // reading the whole stream would measure how fast one client reads 10,000 records a second instead. The first probe
  // waits for what the timed row left to relay, and is not counted.
  for (let i = 0; i < 2 || Date.now() < until; i++) {
    const tag = `urn:li:tag:lag${i}`;
    const sent = Date.now();
    await tesseraOk(c, 'POST', `/openapi/v3/entity/dataset/${enc}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag }] } });
    for (;;) {
      const answer = await tesseraCall(c, 'GET', `/openapi/v3/timeline/${enc}?order=desc&count=3&tagUrn=${encodeURIComponent(tag)}`);
      // A build without change history (an older one under BENCH_DIST) has nothing to wait for: the load stops now
      // instead of writing batches until every probe has timed out.
      if (answer.status === 404) {
        stop = true;
        await Promise.all(writers);
        return { probes: 0, p50Ms: NaN, p99Ms: NaN, maxMs: NaN, created: 0, loadSeconds: 0 };
      }
      const page = JSON.parse(answer.text);
      if (page.changes?.some((ch: { seq: number | null; operation: string }) => ch.seq !== null && ch.operation === 'ADD')) break;
      if (Date.now() - sent > 120_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (process.env.BENCH_DEBUG) c.progress(`event lag probe ${i}: ${Date.now() - sent} ms`);
    if (i > 0) lags.push(Date.now() - sent);
    else {
      until = Date.now() + seconds * 1000;
      [startedAt, writtenAtStart] = [Date.now(), written];
    }
  }
  const createdDuring = written - writtenAtStart;
  const loadSeconds = (Date.now() - startedAt) / 1000;
  stop = true;
  await Promise.all(writers);
  lags.sort((a, b) => a - b);
  return { probes: lags.length, p50Ms: percentile(lags, 50), p99Ms: percentile(lags, 99), maxMs: lags[lags.length - 1] ?? NaN, created: createdDuring, loadSeconds };
}
