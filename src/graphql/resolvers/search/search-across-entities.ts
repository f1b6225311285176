/** Query.searchAcrossEntities: one page by offset, with the default facets when they are selected. */
import type { GraphQLResolveInfo } from 'graphql';
import { searchEntities } from '../../../catalog/search/search-entities.js';
import type { GraphqlContext } from '../../context.js';
import { hitDocumentsNeeded, selectsField, selectsWithin } from '../../selects.js';
import { presentFacets, presentHits } from './present-results.js';
import { matchesWanted, searchInputOf, type CommonSearchInput } from './search-input.js';

export async function searchAcrossEntities(_: unknown, { input }: { input: CommonSearchInput & { start?: number | null } }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const withDocuments = hitDocumentsNeeded(info);
  const page = await searchEntities(ctx.services, { ...searchInputOf(input, selectsField(info, 'facets'), selectsWithin(info, 'facets', 'entitiesWithValue')), start: input.start, withDocuments, withMatches: matchesWanted(input, info) });
  if (page.documents) ctx.loader.prime(page.documents);
  // Spelling suggestions are never computed (asking for them with searchFlags.getSuggestions is refused).
  return { start: page.start, count: page.urns.length, total: page.total, searchResults: presentHits(page.urns, page.matches), facets: presentFacets(page.facets ?? []), suggestions: [] };
}
