/** Query.aggregateAcrossEntities: value counts per facet, each answered under the name it was asked by. */
import type { GraphQLResolveInfo } from 'graphql';
import { aggregateEntities } from '../../../catalog/search/aggregate-entities.js';
import { selectsWithin } from '../../selects.js';
import type { GraphqlContext } from '../../context.js';
import { presentFacets } from './present-results.js';
import { readSearchFlags, refuseViewUrn } from './search-flags.js';
import { orFiltersOf, type CommonSearchInput } from './search-input.js';

export async function aggregateAcrossEntities(_: unknown, { input }: { input: CommonSearchInput & { facets?: (string | null)[] | null } }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  refuseViewUrn(input.viewUrn);
  const flags = readSearchFlags(input.searchFlags);
  const facets = await aggregateEntities(ctx.services, {
    types: input.types,
    query: input.query.trim() === '' ? '*' : input.query,
    facets: input.facets,
    orFilters: orFiltersOf(input),
    includeSoftDeleted: flags.includeSoftDeleted,
    maxAggValues: flags.maxAggValues,
    skipCache: flags.skipCache,
    // The histogram runs only for a caller that shows ranges.
    ranges: selectsWithin(info, 'facets', 'ranges'),
    withValue: selectsWithin(info, 'facets', 'entitiesWithValue'),
  });
  return { facets: presentFacets(facets) };
}
