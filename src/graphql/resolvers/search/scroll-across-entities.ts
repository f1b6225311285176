/** Query.scrollAcrossEntities: one page after an opaque scrollId; nextScrollId is null on the last page. */
import { scrollEntities } from '../../../catalog/search/search-entities.js';
import type { GraphqlContext } from '../../context.js';
import { presentHits } from './present-results.js';
import { searchInputOf, type CommonSearchInput } from './search-input.js';

export async function scrollAcrossEntities(_: unknown, { input }: { input: CommonSearchInput & { scrollId?: string | null } }, ctx: GraphqlContext) {
  const page = await scrollEntities(ctx.services, { ...searchInputOf(input), scrollId: input.scrollId });
  return { nextScrollId: page.nextScrollId, count: page.urns.length, total: page.total, searchResults: presentHits(page.urns), facets: [] };
}
