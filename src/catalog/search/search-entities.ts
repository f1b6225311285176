/** Cross-entity search: one page by offset (search) or by opaque position (scroll), over one or more entity indices. */
import { validationError } from '../../errors.js';
import type { EntityDoc } from '../../storage/entity-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { hasFilterOn, type AndFilter } from '../../search/filters.js';
import { sortClauses } from '../sort-clauses.js';
import { startOf } from '../paging.js';
import { decodeScrollId, encodeScrollId } from '../scroll-id.js';
import { compileSearch, type CompiledSearch } from './compile-search.js';
import { entityTypesToSearch, withEntityTypeNames } from './search-types.js';
import { readFacets, type Facet } from './present-facets.js';
import { MATCH_DOC_VALUES, MATCH_HIGHLIGHT, matchedFieldsOf, type MatchedField } from './matched-fields.js';

export interface SortCriterion {
  field: string;
  sortOrder: 'ASCENDING' | 'DESCENDING';
}

export interface SearchEntitiesInput {
  /** GraphQL entity type names; empty means all searchable types. */
  types?: string[] | null;
  query?: string | null;
  orFilters?: AndFilter[] | null;
  includeSoftDeleted?: boolean | null;
  sort?: SortCriterion[];
  count?: number | null;
  /** Bypass the engine's shard request cache. */
  skipCache?: boolean | null;
  /** Facets to count over all matches in the same engine call (none when absent). */
  facets?: string[];
  maxAggValues?: number;
  /** Count value ranges of number and date facets too. */
  facetRanges?: boolean;
  /** Also count, per facet, the entities with any value. */
  facetWithValue?: boolean;
  /** Return each hit's stored document with the page (one engine call for a page that presents more than URNs). */
  withDocuments?: boolean;
  /** Say, per hit, which fields matched and with what value (the engine highlights them). */
  withMatches?: boolean;
  /** Only these entities (a lineage search's reached set). */
  within?: string[];
  /** Named sets of URNs to count the matches in, in the same engine call (a lineage search's degrees). */
  countIn?: Record<string, string[]>;
}

export interface SearchPage {
  urns: string[];
  /** The hits' stored documents, when asked for with `withDocuments`. */
  documents?: EntityDoc[];
  /** Per hit, the fields that matched, when asked for with `withMatches`. */
  matches?: MatchedField[][];
  total: number;
  /** Present when facets were asked for. */
  facets?: Facet[];
  /** The matches in each set of `countIn`. */
  countedIn?: Record<string, number>;
}

/** The indices to search (none when the requested types are not stored here) and the request body without paging. */
export interface PreparedSearch {
  entityTypes: string[];
  body: Record<string, unknown>;
  compiled: CompiledSearch;
}

const MAX_WINDOW = 10_000;

/** Soft-deleted entities are left out of every search unless the caller asks for them. */
export const NOT_SOFT_DELETED = { bool: { must_not: [{ term: { removed: true } }] } };

export function countOf(services: CatalogDeps, count: number | null | undefined, fallback = 10): number {
  const n = count ?? fallback;
  if (!Number.isInteger(n) || n < 0) throw validationError(`count must be a non-negative integer, got ${n}`);
  return Math.min(n, services.config.MAX_COUNT);
}

function sortOf(criteria: SortCriterion[] | undefined): object[] {
  if (!criteria || criteria.length === 0) return [{ _score: { order: 'desc' } }, { urn: { order: 'asc' } }];
  const clauses = criteria.map((c) => sortClauses([c.field], c.sortOrder)[0]);
  if (!criteria.some((c) => c.field.toLowerCase() === 'urn')) clauses.push({ urn: { order: 'asc' } });
  return clauses;
}

export async function prepareSearch(services: CatalogDeps, input: SearchEntitiesInput): Promise<PreparedSearch> {
  const orFilters = withEntityTypeNames(input.orFilters);
  const compiled = await compileSearch(services, { query: input.query, orFilters, facets: input.facets, maxAggValues: input.maxAggValues, facetRanges: input.facetRanges, facetWithValue: input.facetWithValue });
  const filter: object[] = compiled.filter ? [compiled.filter] : [];
  // A filter on `removed` says which deletion state the caller wants, so it replaces the default exclusion.
  if (!input.includeSoftDeleted && !hasFilterOn(orFilters, 'removed')) filter.push(NOT_SOFT_DELETED);
  if (input.within) filter.push({ terms: { urn: input.within } });
  const body: Record<string, unknown> = {
    query: { bool: { must: [compiled.query], filter } },
    sort: sortOf(input.sort),
    track_total_hits: true,
    // Where only URNs are presented, reading them from doc values spares the engine parsing each whole stored document
    // (about half its CPU per search of ten hits, measured in docs/performance.md); a page that presents more takes
    // the whole documents with the hits instead of reading each one after. Whole: filtering `_source` makes the engine
    // parse and rewrite every hit, which more than doubled its CPU for a 20-hit page (2,460 against 1,090 µs), far
    // more than parsing the extra bytes costs this service.
    _source: input.withDocuments === true,
    docvalue_fields: ['urn'],
  };
  if (compiled.aggs) body.aggs = compiled.aggs;
  if (input.countIn) body.aggs = { ...(body.aggs as object), [COUNTED_IN]: { filters: { filters: Object.fromEntries(Object.entries(input.countIn).map(([k, urns]) => [k, { terms: { urn: urns } }])) } } };
  if (input.withMatches) {
    body.highlight = MATCH_HIGHLIGHT;
    body.docvalue_fields = ['urn', ...MATCH_DOC_VALUES];
  }
  return { entityTypes: entityTypesToSearch(input.types), body, compiled };
}

export async function runSearch(services: CatalogDeps, entityTypes: string[], body: object, skipCache?: boolean | null): Promise<any> {
  return services.store.search(entityTypes, body, skipCache ? { request_cache: false } : {});
}

const urnsOf = (hits: any[]) => hits.map((h) => String(h.fields.urn[0]));
const documentsOf = (hits: any[], input: SearchEntitiesInput) => ({
  ...(input.withDocuments && { documents: hits.map((h) => h._source as EntityDoc) }),
  ...(input.withMatches && { matches: hits.map((h) => matchedFieldsOf(h, String(h.fields.urn[0]))) }),
});

const COUNTED_IN = 'counted_in';

/** Facets (and `countIn` sets) counted in the same engine call as the page, when they were asked for. */
function facetsOf(res: { aggregations?: any }, prepared: PreparedSearch, input: SearchEntitiesInput): { facets?: Facet[]; countedIn?: Record<string, number> } {
  const buckets = res.aggregations?.[COUNTED_IN]?.buckets as Record<string, { doc_count: number }> | undefined;
  return {
    ...(input.facets && { facets: readFacets(res.aggregations ?? {}, prepared.compiled, input.orFilters) }),
    ...(input.countIn && { countedIn: Object.fromEntries(Object.keys(input.countIn).map((k) => [k, buckets?.[k]?.doc_count ?? 0])) }),
  };
}

export async function searchEntities(services: CatalogDeps, input: SearchEntitiesInput & { start?: number | null }): Promise<SearchPage & { start: number }> {
  const start = startOf(input.start);
  const size = countOf(services, input.count);
  if (start + size > MAX_WINDOW) throw validationError(`start + count must not exceed ${MAX_WINDOW}; use scrollAcrossEntities to page further`);
  const prepared = await prepareSearch(services, input);
  if (prepared.entityTypes.length === 0) return { urns: [], total: 0, start };
  const res = await runSearch(services, prepared.entityTypes, { ...prepared.body, from: start, size }, input.skipCache);
  return { urns: urnsOf(res.hits.hits), ...documentsOf(res.hits.hits, input), total: res.hits.total?.value ?? 0, start, ...facetsOf(res, prepared, input) };
}

/** Paging by opaque position, shared by the REST list and GraphQL scroll. `body` carries query and sort, no paging. */
export async function scrollPage(
  services: CatalogDeps,
  entityTypes: string[],
  body: Record<string, unknown>,
  size: number,
  scrollId: string | null | undefined,
  skipCache?: boolean | null,
): Promise<{ hits: any[]; total: number; nextScrollId: string | null; aggregations?: unknown }> {
  const sort = body.sort as object[];
  let after: unknown[] | undefined;
  if (scrollId) {
    after = decodeScrollId(scrollId).s;
    if (after.length !== sort.length || after.some((v) => v !== null && typeof v === 'object')) {
      throw validationError('Invalid scrollId: it belongs to a search with another sort order');
    }
  }
  if (entityTypes.length === 0) return { hits: [], total: 0, nextScrollId: null };
  // One extra hit says whether another page exists, so the last page carries no scroll id.
  const res = await runSearch(services, entityTypes, { ...body, size: size + 1, ...(after && { search_after: after }) }, skipCache);
  const hits: any[] = res.hits.hits;
  const page = hits.slice(0, size);
  const nextScrollId = hits.length > size && size > 0 ? encodeScrollId(page[page.length - 1].sort) : null;
  return { hits: page, total: res.hits.total?.value ?? 0, nextScrollId, aggregations: res.aggregations };
}

export async function scrollEntities(services: CatalogDeps, input: SearchEntitiesInput & { scrollId?: string | null }): Promise<SearchPage & { nextScrollId: string | null }> {
  const prepared = await prepareSearch(services, input);
  const res = await scrollPage(services, prepared.entityTypes, prepared.body, countOf(services, input.count), input.scrollId, input.skipCache);
  return { urns: urnsOf(res.hits), ...documentsOf(res.hits, input), total: res.total, nextScrollId: res.nextScrollId, ...facetsOf(res, prepared, input) };
}
