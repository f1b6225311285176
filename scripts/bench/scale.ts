/** Scale mode: ingest rate, index size per dataset, search and facet latency, definition creation time and memory at size. */
import type { BenchArgs } from './args.js';
import { allTags } from './catalog.js';
import { datasetIndex, enc, osCall, osOk, tesseraOk, type BenchContext } from './context.js';
import { runMirrored } from './load.js';
import { openSearchMemory, rssBytes } from './proc.js';
import { facets, graphqlFilter, restQuery } from './reads.js';
import { createDefinitions, loadDatasets } from './seed.js';
import type { SideFigures } from './stats.js';

export interface ScaleFigures {
  datasets: number;
  definitions: number;
  definitionSeconds?: number;
  /** Mean milliseconds of the first and last 100 definition creations. */
  definitionMsFirst?: number;
  definitionMsLast?: number;
  ingestSeconds?: number;
  ingestDocsPerSecond?: number;
  twoPass?: boolean;
  indexBytes: number;
  bytesPerDataset: number;
  mappingFields: number;
  searches: Record<string, { tessera: SideFigures; raw: SideFigures }>;
  memory: { tesseraRss: number; openSearchRss: number; openSearchHeapUsed: number; openSearchHeapMax: number };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const count = async (c: BenchContext, index: string) => {
  const r = await osCall(c, 'GET', `/${index}/_count`);
  return r.status === 200 ? (r.json().count as number) : 0;
};

export async function runScale(c: BenchContext, args: BenchArgs): Promise<ScaleFigures> {
  const fig: Partial<ScaleFigures> = { datasets: args.datasets, definitions: args.definitions, searches: {} };
  const haveDefs = await count(c, `${c.prefix}structuredproperty`);
  if (haveDefs < args.definitions) {
    c.progress(`scale: creating definitions ${haveDefs}…${args.definitions}`);
    await Promise.all(allTags().map((t) => tesseraOk(c, 'POST', `/openapi/v3/entity/tag/${enc(t)}/tagProperties?createIfNotExists=false`, { value: { name: t } })));
    const t0 = performance.now();
    const timings = await createDefinitions(c, haveDefs, args.definitions, 1);
    fig.definitionSeconds = (performance.now() - t0) / 1000;
    fig.definitionMsFirst = mean(timings.slice(0, 100));
    fig.definitionMsLast = mean(timings.slice(-100));
    c.progress(`  ${timings.length} definitions in ${fig.definitionSeconds.toFixed(0)} s; first 100 ${fig.definitionMsFirst.toFixed(0)} ms each, last 100 ${fig.definitionMsLast.toFixed(0)} ms each`);
  }
  const have = await count(c, datasetIndex(c));
  if (have < args.datasets) {
    c.progress(`scale: ingesting datasets ${have}…${args.datasets} (batches of 500, 4 in flight)`);
    const r = await loadDatasets(c, have, args.datasets);
    fig.ingestSeconds = r.seconds;
    fig.ingestDocsPerSecond = (args.datasets - have) / r.seconds;
    fig.twoPass = r.twoPass;
    c.progress(`  ${args.datasets - have} datasets in ${r.seconds.toFixed(0)} s: ${fig.ingestDocsPerSecond.toFixed(0)}/s`);
  }
  await osOk(c, 'POST', `/${datasetIndex(c)}/_refresh`);
  const stats = (await osOk(c, 'GET', `/${datasetIndex(c)}/_stats/store,docs`)).json()._all.primaries;
  fig.indexBytes = stats.store.size_in_bytes;
  fig.bytesPerDataset = fig.indexBytes! / stats.docs.count;
  const mapping = JSON.stringify((await osOk(c, 'GET', `/${datasetIndex(c)}/_mapping`)).json());
  fig.mappingFields = (mapping.match(/"type":/g) ?? []).length;
  c.progress(`scale: index ${(fig.indexBytes! / 2 ** 20).toFixed(0)} MiB, ${fig.bytesPerDataset.toFixed(0)} bytes per dataset, ${fig.mappingFields} mapped fields`);
  for (const w of [graphqlFilter(c), restQuery(c), facets(c)]) {
    c.progress(`scale ${w.name}: ${w.title}`);
    await w.probe();
    const f = await runMirrored([{ name: 'tessera', op: w.tessera, servicePid: c.tesseraPid }, { name: 'raw', op: w.raw }], {
      concurrency: c.concurrency, seconds: c.seconds, warmupSeconds: c.warmupSeconds, osPid: c.osPid, progress: c.progress,
    });
    fig.searches![w.name] = { tessera: f.tessera, raw: f.raw };
    c.progress(`  Tessera p50 ${f.tessera.p50Ms.toFixed(1)} ms p99 ${f.tessera.p99Ms.toFixed(1)} ms; raw p50 ${f.raw.p50Ms.toFixed(1)} ms p99 ${f.raw.p99Ms.toFixed(1)} ms`);
  }
  const heap = await openSearchMemory(c.opensearch);
  fig.memory = { tesseraRss: rssBytes(c.tesseraPid), openSearchRss: rssBytes(c.osPid), openSearchHeapUsed: heap.heapUsed, openSearchHeapMax: heap.heapMax };
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  c.progress(`scale: memory Tessera RSS ${mib(fig.memory.tesseraRss)}, OpenSearch RSS ${mib(fig.memory.openSearchRss)}, heap ${mib(heap.heapUsed)} of ${mib(heap.heapMax)}`);
  return fig as ScaleFigures;
}
