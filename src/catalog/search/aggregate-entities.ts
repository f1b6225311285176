/** Facet aggregation across entity indices: value counts per requested field, under the names the caller used. */
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { AndFilter } from '../../search/filters.js';
import { prepareSearch, runSearch } from './search-entities.js';
import { readFacets, type Facet } from './present-facets.js';

export type { Facet };

export interface AggregateEntitiesInput {
  types?: string[] | null;
  query?: string | null;
  facets?: (string | null)[] | null;
  orFilters?: AndFilter[] | null;
  includeSoftDeleted?: boolean | null;
  maxAggValues?: number | null;
  skipCache?: boolean | null;
  /** Count value ranges of number and date facets too. */
  ranges?: boolean;
  /** Count, per facet, the entities with any value. */
  withValue?: boolean;
}

export const DEFAULT_FACETS = ['_entityType', 'platform', 'origin', 'tags'];
const NESTED = '\u241E';

/** The facets a caller names (each once, nested ones refused), or the default ones when it names none. */
export function facetNamesOf(input: Pick<AggregateEntitiesInput, 'facets'>): string[] {
  const names = (input.facets ?? []).filter((f): f is string => typeof f === 'string' && f.trim() !== '');
  for (const n of names) if (n.includes(NESTED)) throw validationError(`Invalid facets: nested facet ${n.replace(NESTED, '␞')} is not supported`);
  return names.length > 0 ? [...new Set(names)] : DEFAULT_FACETS;
}

export async function aggregateEntities(services: CatalogDeps, input: AggregateEntitiesInput): Promise<Facet[]> {
  const maxAggValues = input.maxAggValues ?? 20;
  if (!Number.isInteger(maxAggValues) || maxAggValues < 1) throw validationError(`searchFlags.maxAggValues must be a positive integer, got ${maxAggValues}`);
  const names = facetNamesOf(input);
  const prepared = await prepareSearch(services, { ...input, facets: names, maxAggValues, facetRanges: input.ranges, facetWithValue: input.withValue });
  const res =
    prepared.entityTypes.length === 0
      ? { aggregations: {} }
      : await runSearch(services, prepared.entityTypes, { ...prepared.body, size: 0, track_total_hits: false, sort: undefined }, input.skipCache);
  return readFacets(res.aggregations, prepared.compiled, input.orFilters);
}

