/** Query.search, the original's older search of one entity type: searchAcrossEntities with that type alone. */
import type { GraphQLResolveInfo } from 'graphql';
import { entityTypesToSearch } from '../../../catalog/search/search-types.js';
import type { GraphqlContext } from '../../context.js';
import { searchAcrossEntities } from './search-across-entities.js';
import type { CommonSearchInput } from './search-input.js';

type SearchInput = Omit<CommonSearchInput, 'types' | 'viewUrn' | 'sortInput'> & { type: string; start?: number | null };

export async function search(_: unknown, { input }: { input: SearchInput }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const { type, ...rest } = input;
  // A type Tessera keeps no entities of (DATA_PLATFORM_INSTANCE …) holds nothing, whatever its query names.
  if (entityTypesToSearch([type]).length === 0) return { start: input.start ?? 0, count: 0, total: 0, searchResults: [], facets: [], suggestions: [] };
  return searchAcrossEntities(null, { input: { ...rest, types: [type] } }, ctx, info);
}
