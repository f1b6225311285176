/** Query.searchAcrossEntities: one page by offset. */
import { searchEntities } from '../../../catalog/search/search-entities.js';
import type { GraphqlContext } from '../../context.js';
import { presentHits } from './present-results.js';
import { searchInputOf, type CommonSearchInput } from './search-input.js';

export async function searchAcrossEntities(_: unknown, { input }: { input: CommonSearchInput & { start?: number | null } }, ctx: GraphqlContext) {
  const page = await searchEntities(ctx.services, { ...searchInputOf(input), start: input.start });
  return { start: page.start, count: page.urns.length, total: page.total, searchResults: presentHits(page.urns), facets: [], suggestions: [] };
}
