/** Compiles a user's query string, filters and facet names into OpenSearch clauses, resolving every field first. */
import type { CatalogDeps } from '../catalog-deps.js';
import { buildFacetAggs } from '../../search/facets.js';
import { buildFilterQuery, filterFields, type AndFilter } from '../../search/filters.js';
import { buildQueryStringQuery, parseQueryString, referencedFields } from '../../search/query-string.js';
import type { ResolvedField } from '../../search/resolved-field.js';
import { BARE_WORDS } from './builtin-fields.js';
import { resolveSearchFields, type SearchFieldResolvers } from './field-resolver.js';
import { translating } from './search-errors.js';

export interface SearchSpec {
  query?: string | null;
  orFilters?: AndFilter[] | null;
  facets?: string[];
  maxAggValues?: number;
  /** Count value ranges of number and date facets too. */
  facetRanges?: boolean;
  facetWithValue?: boolean;
}

export interface CompiledSearch {
  query: object;
  filter?: object;
  facets: ResolvedField[];
  aggs?: Record<string, object>;
  fields: SearchFieldResolvers;
  /** Whether the facets count the entities with any value. */
  withValue: boolean;
}

export async function compileSearch(services: CatalogDeps, spec: SearchSpec): Promise<CompiledSearch> {
  const parsed = translating('query', () => parseQueryString(spec.query ?? '*'));
  const facetNames = spec.facets ?? [];
  // Lookups happen once, up front; unknown or forbidden names only fail when the translation below asks for them.
  const fields = await resolveSearchFields(services, [...referencedFields(parsed), ...filterFields(spec.orFilters), ...facetNames]);
  const query = translating('query', () => buildQueryStringQuery(parsed, fields.filter, BARE_WORDS));
  const filter = translating('orFilters', () => buildFilterQuery(spec.orFilters, fields.filter));
  const facets = translating('facets', () => facetNames.map((f) => fields.facet(f)));
  const aggs = facets.length > 0 ? buildFacetAggs(facets, spec.maxAggValues, { ranges: spec.facetRanges, withValue: spec.facetWithValue }) : undefined;
  return { query, filter, facets, aggs, fields, withValue: spec.facetWithValue === true };
}
