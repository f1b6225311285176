/**
 * The ingest row's raw side: the documents Tessera stored for one file's records (one per entity with its aspects,
 * and the profile points), read back, renamed and written straight to OpenSearch with `_bulk` into fresh indices made
 * with the same settings and mappings — batches of the sink's default size, as many in flight as its threads.
 */
import { docIdOf } from '../../src/storage/entity-store.js';
import { osOk, type BenchContext } from './context.js';

/** The datahub-rest sink's defaults (ASYNC_BATCH): `max_per_batch` and `max_threads`. */
export const SINK_BATCH = 100;
export const SINK_THREADS = 15;

/** The indices a file's records land in, as Tessera names them under its prefix (aliases). */
export const ingestIndices = (prefix: string) => ({ dataset: `${prefix}dataset`, container: `${prefix}container`, points: `${prefix}ts_datasetprofile_*` });
const rawIndexOf = (prefix: string, kind: 'dataset' | 'container' | 'points') => `${prefix}raw_${kind}`;

export interface RawDocs {
  /** `_bulk` bodies of at most SINK_BATCH documents each. */
  bodies: string[];
  entities: number;
  points: number;
}

/** Every stored document whose URN starts with `urnPrefix`, by scroll. */
async function* storedDocs(c: BenchContext, index: string, urnPrefixes: string[]): AsyncGenerator<{ _id: string; _source: any }> {
  const query = { bool: { should: urnPrefixes.map((p) => ({ prefix: { urn: p } })), minimum_should_match: 1 } };
  let page = (await osOk(c, 'POST', `/${index}/_search?scroll=2m`, { size: 2000, query, sort: ['_doc'] })).json();
  try {
    while (page.hits.hits.length > 0) {
      yield* page.hits.hits;
      page = (await osOk(c, 'POST', '/_search/scroll', { scroll: '2m', scroll_id: page._scroll_id })).json();
    }
  } finally {
    await osOk(c, 'DELETE', '/_search/scroll', { scroll_id: page._scroll_id }).catch(() => undefined);
  }
}

/**
 * The raw side's documents for the records whose URNs hold `marker`, renamed to `renamed`: entity documents without
 * their change records (a raw write has no relay to feed), points as stored.
 */
export async function collectRawDocs(c: BenchContext, prefix: string, marker: string, renamed: string): Promise<RawDocs> {
  const ix = ingestIndices(prefix);
  const lines: string[] = [];
  let entities = 0;
  let points = 0;
  const rename = (json: string) => json.split(marker).join(renamed);
  const prefixes = [`urn:li:container:${marker}`, `urn:li:dataset:(urn:li:dataPlatform:postgres,${marker}`];
  for (const kind of ['container', 'dataset'] as const) {
    for await (const hit of storedDocs(c, ix[kind], prefixes)) {
      const { outbox: _o, changeVersion: _v, ...doc } = hit._source;
      const json = rename(JSON.stringify(doc));
      lines.push(`${JSON.stringify({ index: { _index: rawIndexOf(prefix, kind), _id: docIdOf(JSON.parse(json).urn) } })}\n${json}\n`);
      entities++;
    }
  }
  for await (const hit of storedDocs(c, ix.points, prefixes)) {
    lines.push(`${JSON.stringify({ index: { _index: rawIndexOf(prefix, 'points'), _id: rename(hit._id) + '_r' } })}\n${rename(JSON.stringify(hit._source))}\n`);
    points++;
  }
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i += SINK_BATCH) bodies.push(lines.slice(i, i + SINK_BATCH).join(''));
  return { bodies, entities, points };
}

/** Makes the raw side's indices with the settings and mappings of Tessera's (a copy of what each one's alias names). */
export async function makeRawIndices(c: BenchContext, prefix: string): Promise<void> {
  const ix = ingestIndices(prefix);
  for (const kind of ['dataset', 'container', 'points'] as const) {
    const settings = Object.values((await osOk(c, 'GET', `/${ix[kind]}/_settings`)).json())[0] as any;
    const mappings = Object.values((await osOk(c, 'GET', `/${ix[kind]}/_mapping`)).json())[0] as any;
    const { uuid: _u, creation_date: _d, version: _v, provided_name: _n, replication: _r, ...index } = settings.settings.index;
    await osOk(c, 'PUT', `/${rawIndexOf(prefix, kind)}`, { settings: { index }, mappings: mappings.mappings });
  }
}

/** Sends the bodies, SINK_THREADS in flight, then one refresh; answers the seconds taken. */
export async function writeRaw(c: BenchContext, prefix: string, docs: RawDocs): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: SINK_THREADS }, async () => {
    while (next < docs.bodies.length) {
      const res = (await osOk(c, 'POST', '/_bulk', docs.bodies[next++])).json();
      if (res.errors) throw new Error(`raw _bulk item failed: ${JSON.stringify(res.items.find((it: any) => it.index?.error)).slice(0, 400)}`);
    }
  }));
  await osOk(c, 'POST', `/${prefix}raw_*/_refresh`);
  return (performance.now() - t0) / 1000;
}
