/**
 * The lineage rows, on a catalog of their own (`<prefix>lineage_`, a Tessera of its own): 1,000,000 datasets and
 * 5,000,000 edges — each dataset names 5 upstreams in its `upstreamLineage`, one in five of them among 1,000 heavily
 * used tables (about 200 direct downstreams each, some 6,000 within 3 hops), the rest among the 50,000 datasets before
 * it — loaded with `_bulk` in the documents' stored shape (aspects and the `lineageUp` search field the write path
 * derives). Timed one call at a time against a raw client doing the same hops with the fewest queries:
 * - 1-hop downstream lineage of a dataset (GraphQL `lineage`) vs one terms query;
 * - 3-hop downstream impact of a heavily used table (`searchAcrossLineage`, degrees 1–3, total) vs one terms query a hop;
 * - the same with a query and facets (platform, tags) vs the hops plus one search with the query and aggregations.
 * With --keep a rerun reuses the loaded catalog.
 */
import { docIdOf } from '../../src/storage/entity-store.js';
import { NOT_SOFT_DELETED } from '../../src/catalog/search/search-entities.js';
import { expectEqual, graphql, osCall, osOk, tesseraOk, type BenchContext } from './context.js';
import type { Running } from './processes.js';
import { figuresOf, measure, sideOf } from './sequential-calls.js';
import { ratioOf } from './stats.js';
import { bulkLoad } from './bulk-load.js';
import type { Row } from './table.js';

export const LINEAGE_DATASETS = 1_000_000;
const HUBS = 1000;
const UPSTREAMS = 5;
const WINDOW = 50_000;
const PLATFORMS = ['hive', 'snowflake', 's3', 'kafka'];
const PII = 'urn:li:tag:bench_lineage_pii';
const CALLS = 30;
const STAMP = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:bench' };

const urnOf = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:${PLATFORMS[i % PLATFORMS.length]},bench.lineage.t_${i},PROD)`;

/** A small deterministic generator per dataset (the same graph on every run). */
function rng(seed: number): () => number {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function upstreamsOf(i: number): number[] {
  if (i < HUBS) return [];
  const r = rng(i);
  const out = new Set<number>();
  if (i % 5 === 0) out.add(Math.floor(r() * HUBS));
  while (out.size < UPSTREAMS) out.add(i - 1 - Math.floor(r() * Math.min(i, WINDOW)));
  return [...out];
}

function docOf(i: number) {
  const urn = urnOf(i);
  const name = `t_${i}`;
  const ups = upstreamsOf(i).map(urnOf);
  const tagged = i % 10 === 0;
  const aspect = (value: unknown) => ({ value, created: STAMP, lastModified: STAMP, version: 1 });
  return {
    urn, entityType: 'dataset',
    aspects: {
      datasetProperties: aspect({ name }),
      ...(ups.length > 0 && { upstreamLineage: aspect({ upstreams: ups.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: STAMP })) }) }),
      ...(tagged && { globalTags: aspect({ tags: [{ tag: PII }] }) }),
    },
    name, platform: `urn:li:dataPlatform:${PLATFORMS[i % PLATFORMS.length]}`, origin: 'PROD', removed: false, searchText: `${name} ${urn}`,
    tags: tagged ? [PII] : [], fieldTags: [], editedFieldTags: [], fieldPaths: [], terms: [], owners: [], propertyUrns: [],
    ...(ups.length > 0 && { lineageUp: ups }),
    createdTime: STAMP.time, lastModifiedTime: STAMP.time, changeVersion: 1,
  };
}

async function countOf(c: BenchContext, index: string): Promise<number> {
  const r = await osCall(c, 'GET', `/${index}/_count`);
  return r.status === 200 ? r.json().count : 0;
}

/** The raw client's hops: one terms query per hop for the datasets naming the frontier upstream; each reached once. */
async function rawWalk(c: BenchContext, index: string, start: string, hops: number): Promise<Set<string>> {
  const reached = new Set<string>();
  let frontier = [start];
  for (let h = 0; h < hops && frontier.length > 0; h++) {
    // URNs from doc values: the engine loads no source.
    const body = { size: 10_000, _source: false, docvalue_fields: ['urn'], query: { bool: { filter: [{ terms: { lineageUp: frontier } }, NOT_SOFT_DELETED] } } };
    const hits = (await osOk(c, 'POST', `/${index}/_search`, body)).json().hits.hits as { fields: { urn: string[] } }[];
    frontier = [];
    for (const hit of hits) {
      const urn = hit.fields.urn[0];
      if (urn !== start && !reached.has(urn)) {
        reached.add(urn);
        frontier.push(urn);
      }
    }
  }
  return reached;
}

const ONE_HOP = `query l($urn: String!) { dataset(urn: $urn) { lineage(input: { direction: DOWNSTREAM, count: 100 }) { total relationships { entity { urn } } } } }`;
const IMPACT = `query i($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total searchResults { entity { urn } degree } } }`;
const IMPACT_FACETS = `query i($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total searchResults { entity { urn } degree } facets { field aggregations { value count } } } }`;
// Exactly 3 hops: 1, 2 and 3 (the original's 3+ would walk on).
const degrees = [{ and: [{ field: 'degree', values: ['1', '2', '3'] }] }];
const QUERY = 'platform:"urn:li:dataPlatform:hive" OR platform:"urn:li:dataPlatform:s3"';

export async function runLineageRows(c: BenchContext, start: (prefix: string, name?: string) => Promise<Running>, keep: boolean): Promise<{ rows: Row[]; figures: Record<string, unknown> }> {
  const prefix = `${c.prefix}lineage_`;
  const index = `${prefix}dataset`;
  let have = await countOf(c, index);
  if (have !== 0 && have !== LINEAGE_DATASETS) {
    c.progress(`  ${index} holds ${have.toLocaleString('en-US')} documents, not ${LINEAGE_DATASETS.toLocaleString('en-US')}: deleting ${prefix}* and loading again`);
    await osOk(c, 'DELETE', `/${prefix}*`);
    have = 0;
  }
  const tessera = await start(prefix, 'tessera-lineage');
  try {
    const ctx: BenchContext = { ...c, tessera: tessera.url, prefix, tesseraPid: tessera.pid, datasets: LINEAGE_DATASETS };
    let loadSeconds = 0;
    if (have === LINEAGE_DATASETS) c.progress(`  reusing ${have.toLocaleString('en-US')} datasets under ${prefix}`);
    else {
      // The service makes the index (its mapping); the rest go straight in.
      await tesseraOk(ctx, 'POST', `/openapi/v3/entity/dataset/${encodeURIComponent(urnOf(0))}/datasetProperties?waitForSearch=true`, { value: { name: 't_0' } });
      c.progress(`  loading ${LINEAGE_DATASETS.toLocaleString('en-US')} datasets with ${(LINEAGE_DATASETS - HUBS) * UPSTREAMS} edges`);
      loadSeconds = await bulkLoad(c, index, LINEAGE_DATASETS, (i) => ({ id: docIdOf(urnOf(i)), doc: docOf(i) }));
      c.progress(`  loaded in ${loadSeconds.toFixed(1)} s`);
    }
    // Starts: 30 ordinary datasets for one hop, 30 heavily used tables for the impact.
    const ordinary = Array.from({ length: CALLS }, (_, k) => urnOf(HUBS + 1 + k * 31_337));
    const hubs = Array.from({ length: CALLS }, (_, k) => urnOf(k));
    let n1 = 0;
    let n2 = 0;
    let n3 = 0;
    let n4 = 0;
    const rows: Row[] = [];
    const figures: Record<string, unknown> = { datasets: LINEAGE_DATASETS, edges: (LINEAGE_DATASETS - HUBS) * UPSTREAMS, loadSeconds };
    const run = async (name: string, workload: string, p99Max: number, tCall: () => Promise<unknown>, rCall: () => Promise<unknown>) => {
      const sides = [sideOf('tessera', tCall), sideOf('raw', rCall)];
      await measure(c, index, tessera.pid, sides, CALLS);
      const tf = figuresOf(sides[0], true);
      const rf = figuresOf(sides[1], false);
      const ratio = ratioOf(tf.rate, rf.rate);
      const pass = tf.p99Ms <= p99Max && ratio >= 0.8 && tf.errors === 0 && rf.errors === 0;
      c.progress(`  ${name}: Tessera p50 ${tf.p50Ms.toFixed(1)} ms, p99 ${tf.p99Ms.toFixed(1)} ms; raw p50 ${rf.p50Ms.toFixed(1)} ms, p99 ${rf.p99Ms.toFixed(1)} ms; ratio ${ratio.toFixed(2)}`);
      rows.push({ workload, unit: 'call', tessera: tf, raw: rf, ratio, target: `p99 ≤ ${p99Max} ms, ≥ 0.8`, verdict: pass ? 'pass' : 'MISS', note: `${CALLS} calls a side, request cache cleared before each; 1,000,000 datasets, 5,000,000 edges` });
      figures[name] = { tessera: tf, raw: rf, ratio };
    };

    // Probes: both sides reach the same entities.
    const oneHop = async (urn: string) => (await graphql(ctx, ONE_HOP, { urn })).dataset.lineage;
    const impact = async (urn: string, withFacets: boolean) =>
      (await graphql(ctx, withFacets ? IMPACT_FACETS : IMPACT, { input: { urn, direction: 'DOWNSTREAM', query: withFacets ? QUERY : '*', count: 10, orFilters: degrees } })).searchAcrossLineage;
    const probe = await oneHop(ordinary[0]);
    expectEqual('one hop downstream', probe.relationships.map((r: any) => r.entity.urn).sort(), [...(await rawWalk(c, index, ordinary[0], 1))].sort());
    const hubImpact = await impact(hubs[0], false);
    const rawHub = await rawWalk(c, index, hubs[0], 3);
    expectEqual('3 hops downstream (total)', hubImpact.total, rawHub.size);
    c.progress(`  ${hubs[0]}: ${probe.total} direct downstream of an ordinary dataset; ${rawHub.size.toLocaleString('en-US')} within 3 hops of a heavily used one`);
    figures.hubImpactSize = rawHub.size;

    await run('oneHop', '1-hop downstream lineage of a dataset (GraphQL lineage)', 20, () => oneHop(ordinary[n1++ % CALLS]), () => rawWalk(c, index, ordinary[n2++ % CALLS], 1));
    await run('impact3', `3-hop downstream impact of a heavily used table (~${rawHub.size.toLocaleString('en-US')} entities; searchAcrossLineage total)`, 150, () => impact(hubs[n3++ % CALLS], false), async () => (await rawWalk(c, index, hubs[n4++ % CALLS], 3)).size);
    let n5 = 0;
    let n6 = 0;
    const rawSearch = async (urn: string) => {
      const reached = [...(await rawWalk(c, index, urn, 3))];
      const body = {
        size: 10, track_total_hits: true, _source: false, docvalue_fields: ['urn'],
        query: { bool: { must: { query_string: { query: QUERY } }, filter: [{ terms: { urn: reached } }, NOT_SOFT_DELETED] } },
        aggs: { platform: { terms: { field: 'platform', size: 20 } }, tags: { terms: { field: 'tags', size: 20 } } },
      };
      return (await osOk(c, 'POST', `/${index}/_search`, body)).json();
    };
    const t = await impact(hubs[0], true);
    const r = await rawSearch(hubs[0]);
    expectEqual('3 hops with a query (total)', t.total, r.hits.total.value);
    await run('searchAcrossLineage3', 'searchAcrossLineage over 3 hops with a query and facets (platform, tags)', 300, () => impact(hubs[n5++ % CALLS], true), () => rawSearch(hubs[n6++ % CALLS]));
    return { rows, figures };
  } finally {
    await tessera.stop();
    if (!keep) await osCall(c, 'DELETE', `/${prefix}*`);
  }
}
