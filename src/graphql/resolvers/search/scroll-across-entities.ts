/** Query.scrollAcrossEntities: one page after an opaque scrollId (null on the last page), with the default facets when selected. */
import type { GraphQLResolveInfo } from 'graphql';
import { scrollEntities } from '../../../catalog/search/search-entities.js';
import type { GraphqlContext } from '../../context.js';
import { hitDocumentsNeeded, selectsField, selectsWithin } from '../../selects.js';
import { presentFacets, presentHits } from './present-results.js';
import { checkKeepAlive } from './search-flags.js';
import { matchesWanted, searchInputOf, type CommonSearchInput } from './search-input.js';

export async function scrollAcrossEntities(
  _: unknown,
  { input }: { input: CommonSearchInput & { scrollId?: string | null; keepAlive?: string | null } },
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
) {
  checkKeepAlive(input.keepAlive);
  const withDocuments = hitDocumentsNeeded(info);
  const page = await scrollEntities(ctx.services, { ...searchInputOf(input, selectsField(info, 'facets'), selectsWithin(info, 'facets', 'entitiesWithValue')), scrollId: input.scrollId, withDocuments, withMatches: matchesWanted(input, info) });
  if (page.documents) ctx.loader.prime(page.documents);
  return { nextScrollId: page.nextScrollId, count: page.urns.length, total: page.total, searchResults: presentHits(page.urns, page.matches), facets: presentFacets(page.facets ?? []) };
}
