/**
 * Point-read and search rows: each a Tessera request, the raw OpenSearch request doing the same work and, when the thin
 * layer runs (thin-layer.ts), the same request through that zero-work node:http layer: the ceiling for any Node layer.
 */
import { catalogName, datasetUrn, propertyField, qualifiedName } from './catalog.js';
import { datasetIndex, enc, expectEqual, graphql, osOk, tesseraOk, type BenchContext } from './context.js';
import { ok } from './http.js';
import type { Op } from './load.js';

export interface Workload {
  name: string;
  title: string;
  unit: string;
  target: { min: number; text: string };
  concurrency?: number;
  probe(): Promise<void>;
  tessera: Op;
  raw: Op;
  thin?: Op;
  /** Most CPU per request Tessera may spend, as a multiple of the thin layer's (shown in the note when set). */
  thinCpuTarget?: number;
  /** The longest Tessera's p99 may be for the row to pass (rows judged by what a person waits). */
  p99MaxMs?: number;
}

/** Clients of the original send Content-Type: application/json even on GETs; both sides get the same headers. */
const JSON_GET = { 'content-type': 'application/json' };
/** Spreads reads over the catalog without a random generator: a stride coprime with most sizes. */
const pick = (c: BenchContext, seq: number) => (seq * 7919 + 13) % c.datasets;
const urnOf = (i: number) => datasetUrn(catalogName(i), i);
const rawGet = (c: BenchContext, urn: string) => osOk(c, 'GET', `/${datasetIndex(c)}/_doc/${enc(urn)}?realtime=true`);
/** The thin layer's point read (one realtime GET) and search (the raw body as one _search), see thin-layer.ts. */
const thinGet = (thinUrl: string, urn: string) => ok('GET', `${thinUrl}/${enc(urn)}/datasetProperties`, undefined, JSON_GET);
const thinSearch = (c: BenchContext, thinUrl: string, body: object) => ok('POST', `${thinUrl}/search/${enc(datasetIndex(c))}`, body);
const THIN = 'thin layer';

/** A row's thin side: its probe against the raw answer (a no-op without the thin layer) and its operation. */
interface ThinSide<P extends unknown[]> {
  probe(...args: P): Promise<void>;
  op?: Op;
}

/** The thin side of a point-read row: the GET route, probed for the raw document's datasetProperties. */
function thinPointRead(c: BenchContext, thinUrl: string | undefined): ThinSide<[string, any]> {
  if (!thinUrl) return { probe: async () => undefined };
  return {
    probe: async (urn, raw) => {
      const thin = (await thinGet(thinUrl, urn)).json();
      expectEqual('point read', thin.datasetProperties.value, raw._source.aspects.datasetProperties.value, THIN);
    },
    op: async (_w, seq) => (await thinGet(thinUrl, urnOf(pick(c, seq))), 1),
  };
}

export function restGet(c: BenchContext, thinUrl?: string): Workload {
  const path = (urn: string) => `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`;
  const thin = thinPointRead(c, thinUrl);
  return {
    name: 'rest-get', title: 'point read, REST v3 GET of one aspect', unit: 'req', target: { min: 0.6, text: '≥ 0.60' }, thinCpuTarget: 2,
    async probe() {
      const urn = urnOf(pick(c, 1));
      const t = (await tesseraOk(c, 'GET', path(urn), undefined, JSON_GET)).json();
      const r = (await rawGet(c, urn)).json();
      expectEqual('REST point read', t.datasetProperties.value, r._source.aspects.datasetProperties.value);
      await thin.probe(urn, r);
    },
    tessera: async (_w, seq) => (await tesseraOk(c, 'GET', path(urnOf(pick(c, seq))), undefined, JSON_GET), 1),
    raw: async (_w, seq) => (await rawGet(c, urnOf(pick(c, seq))), 1),
    thin: thin.op,
  };
}

/** The GraphQL point read's document (also sent by paired.ts). */
export const DATASET_QUERY = `query d($urn: String!) { dataset(urn: $urn) { urn properties { name }
  structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } } } }`;

export function graphqlGet(c: BenchContext, thinUrl?: string): Workload {
  const thin = thinPointRead(c, thinUrl);
  return {
    name: 'graphql-get', title: 'point read, GraphQL dataset(urn) with properties{name} and structured properties', unit: 'req',
    target: { min: 0.45, text: '≥ 0.45' },
    async probe() {
      const urn = urnOf(pick(c, 2));
      const t = (await graphql(c, DATASET_QUERY, { urn })).dataset;
      const doc = (await rawGet(c, urn)).json();
      const r = doc._source.aspects;
      expectEqual('GraphQL point read', [t.properties.name, t.structuredProperties.properties.length],
        [r.datasetProperties.value.name, r.structuredProperties.value.properties.length]);
      await thin.probe(urn, doc);
    },
    tessera: async (_w, seq) => (await graphql(c, DATASET_QUERY, { urn: urnOf(pick(c, seq)) }), 1),
    raw: async (_w, seq) => (await rawGet(c, urnOf(pick(c, seq))), 1),
    thin: thin.op,
  };
}

/** The thin side of a search row: the raw body through the thin layer, probed on what `answer` picks from its reply. */
function thinSearchSide(c: BenchContext, thinUrl: string | undefined, body: object, answer: (reply: any) => unknown): ThinSide<[string, unknown]> {
  if (!thinUrl) return { probe: async () => undefined };
  return {
    probe: async (what, expected) => expectEqual(what, answer((await thinSearch(c, thinUrl, body)).json()), expected, THIN),
    op: async () => (await thinSearch(c, thinUrl, body), 1),
  };
}

const SCROLL = `query s($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } } }`;
const notRemoved = { bool: { must_not: [{ term: { removed: true } }] } };

export function graphqlFilter(c: BenchContext, thinUrl?: string): Workload {
  const input = { types: ['DATASET'], query: '*', count: 10, orFilters: [{ and: [{ field: `structuredProperties.${qualifiedName(0, 'retention')}`, condition: 'GREATER_THAN', values: ['45'] }] }] };
  // Only URNs are presented (the index names the type), so the least work is the URN's doc value, not the stored _source.
  const body = { size: 10, track_total_hits: true, sort: [{ urn: 'asc' }], _source: false, docvalue_fields: ['urn'], query: { bool: { filter: [{ range: { [propertyField(0, 'retention')]: { gt: 45 } } }, notRemoved] } } };
  const run = () => graphql(c, SCROLL, { input });
  const raw = () => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body);
  const thin = thinSearchSide(c, thinUrl, body, (h) => [h.total, h.urns]);
  return {
    name: 'graphql-filter', title: 'filter search, scrollAcrossEntities GREATER_THAN 45, count 10', unit: 'req', target: { min: 0.9, text: '≥ 0.90' },
    async probe() {
      const t = (await run()).scrollAcrossEntities;
      const r = (await raw()).json().hits;
      const expected = [r.total.value, r.hits.map((h: any) => h.fields.urn[0])];
      expectEqual('GraphQL filter search', [t.total, t.searchResults.map((x: any) => x.entity.urn)], expected);
      await thin.probe('GraphQL filter search', expected);
    },
    tessera: async () => (await run(), 1),
    raw: async () => (await raw(), 1),
    thin: thin.op,
  };
}

export function restQuery(c: BenchContext, thinUrl?: string): Workload {
  const field = propertyField(0, 'retention');
  const q = `${field}:>45`;
  const path = `/openapi/v3/entity/dataset?query=${enc(q)}&count=10`;
  const body = { size: 10, track_total_hits: true, sort: [{ urn: 'asc' }], query: { bool: { filter: [{ query_string: { query: q } }, notRemoved] } } };
  const raw = () => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body);
  const thin = thinSearchSide(c, thinUrl, body, (h) => [h.total, h.urns]);
  return {
    name: 'rest-query', title: 'filter search, REST ?query=structuredProperties.<qn_>:>45&count=10', unit: 'req', target: { min: 0.9, text: '≥ 0.90' },
    async probe() {
      const t = (await tesseraOk(c, 'GET', path, undefined, JSON_GET)).json();
      const r = (await raw()).json().hits;
      const expected = [r.total.value, r.hits.map((h: any) => h._source.urn)];
      expectEqual('REST query search', [t.totalCount, t.entities.map((e: any) => e.urn)], expected);
      await thin.probe('REST query search', expected);
    },
    tessera: async () => (await tesseraOk(c, 'GET', path, undefined, JSON_GET), 1),
    raw: async () => (await raw(), 1),
    thin: thin.op,
  };
}

export const AGGREGATE = `query a($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field aggregations { value count } } } }`;

/** The facets row's input: one string property's values over every dataset. */
export const FACETS_INPUT = { types: ['DATASET'], query: '*', facets: [`structuredProperties.${qualifiedName(0, 'tier')}`] };

export function facets(c: BenchContext, thinUrl?: string): Workload {
  const input = FACETS_INPUT;
  const body = { size: 0, query: { bool: { filter: [notRemoved] } }, aggs: { tier: { terms: { field: propertyField(0, 'tier'), size: 20 } } } };
  const raw = () => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body);
  const thin = thinSearchSide(c, thinUrl, body, (h) => h.buckets.tier);
  return {
    name: 'facets', title: 'facets, aggregateAcrossEntities on one string property', unit: 'req', target: { min: 0.95, text: '≥ 0.95' },
    async probe() {
      const t = (await graphql(c, AGGREGATE, { input })).aggregateAcrossEntities.facets[0].aggregations;
      const r = (await raw()).json().aggregations.tier.buckets;
      const expected = r.map((b: any) => [b.key, b.doc_count]);
      expectEqual('facets', t.map((a: any) => [a.value, a.count]), expected);
      await thin.probe('facets', expected);
    },
    tessera: async () => (await graphql(c, AGGREGATE, { input }), 1),
    raw: async () => (await raw(), 1),
    thin: thin.op,
  };
}
