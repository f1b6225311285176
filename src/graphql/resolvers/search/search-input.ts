/** Reads the GraphQL search inputs (filters, sort, flags) into the search operations' input. */
import type { AndFilter, FilterCriterion } from '../../../search/filters.js';
import type { SearchEntitiesInput, SortCriterion } from '../../../catalog/search/search-entities.js';
import { DEFAULT_FACETS } from '../../../catalog/search/aggregate-entities.js';
import type { GraphQLResolveInfo } from 'graphql';
import { selectsWithin } from '../../selects.js';
import { readSearchFlags, refuseViewUrn, type SearchFlagsInput } from './search-flags.js';

export interface FacetFilterInput {
  field: string;
  value?: string | null;
  values?: string[] | null;
  negated?: boolean | null;
  condition?: string | null;
}


export interface CommonSearchInput {
  types?: string[] | null;
  query: string;
  count?: number | null;
  filters?: FacetFilterInput[] | null;
  orFilters?: { and?: FacetFilterInput[] | null }[] | null;
  searchFlags?: SearchFlagsInput | null;
  viewUrn?: string | null;
  sortInput?: { sortCriterion?: SortCriterion | null; sortCriteria?: SortCriterion[] | null } | null;
}

const criterionOf = (f: FacetFilterInput): FilterCriterion => ({
  field: f.field,
  condition: f.condition ?? 'EQUAL',
  values: f.values ?? (f.value != null ? [f.value] : []),
  negated: f.negated ?? false,
});

/** `orFilters` wins; the deprecated `filters` list is one AND group, as in the original. */
export function orFiltersOf(input: Pick<CommonSearchInput, 'filters' | 'orFilters'>): AndFilter[] | undefined {
  if (input.orFilters && input.orFilters.length > 0) return input.orFilters.map((g) => ({ and: (g.and ?? []).map(criterionOf) }));
  if (input.filters && input.filters.length > 0) return [{ and: input.filters.map(criterionOf) }];
  return undefined;
}

export function sortOf(input: CommonSearchInput): SortCriterion[] | undefined {
  const s = input.sortInput;
  if (!s) return undefined;
  if (s.sortCriteria && s.sortCriteria.length > 0) return s.sortCriteria;
  return s.sortCriterion ? [s.sortCriterion] : undefined;
}

/** Matched fields are highlighted by the engine only when selected, and not when the caller skips highlighting. */
export function matchesWanted(input: CommonSearchInput, info: GraphQLResolveInfo): boolean {
  return input.searchFlags?.skipHighlighting !== true && selectsWithin(info, 'searchResults', 'matchedFields');
}

/** A blank query means everything. Facets are counted only when the caller selected them and did not skip aggregates. */
export function searchInputOf(input: CommonSearchInput, facetsSelected = false, facetWithValue = false): SearchEntitiesInput {
  refuseViewUrn(input.viewUrn);
  const flags = readSearchFlags(input.searchFlags);
  return {
    types: input.types,
    query: input.query.trim() === '' ? '*' : input.query,
    orFilters: orFiltersOf(input),
    includeSoftDeleted: flags.includeSoftDeleted,
    sort: sortOf(input),
    count: input.count,
    skipCache: flags.skipCache,
    ...(facetsSelected && !flags.skipAggregates && { facets: DEFAULT_FACETS, maxAggValues: flags.maxAggValues, facetWithValue }),
  };
}
