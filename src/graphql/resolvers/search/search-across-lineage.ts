/**
 * Query.searchAcrossLineage and Query.scrollAcrossLineage: the lineage search operation (paged by offset, or by an
 * opaque position), presented in the original's shapes with the degree facet first.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { DEGREES, scrollLineage, searchLineage, type LineageSearchInput, type LineageSearchPage } from '../../../catalog/lineage/search-lineage.js';
import type { LineageDirection } from '../../../model/lineage-edges.js';
import type { GraphqlContext } from '../../context.js';
import { refOf } from '../../entity-loader.js';
import { hitDocumentsNeeded, selectsField, selectsWithin } from '../../selects.js';
import { facetNamesOf } from '../../../catalog/search/aggregate-entities.js';
import { presentFacets, presentHits } from './present-results.js';
import { matchesWanted, searchInputOf, type CommonSearchInput } from './search-input.js';

type Window = { startTimeMillis?: number | null; endTimeMillis?: number | null };
type Flags = Window & { ignoreAsHops?: { entityType: string; platforms?: string[] | null }[] | null };
type Input = Omit<CommonSearchInput, 'query'> & { urn?: string | null; direction: LineageDirection; query?: string | null; lineageFlags?: Flags | null; facets?: (string | null)[] | null } & Window;

/** The operation's input from the GraphQL one, and whether facets were asked for. */
function lineageInputOf(input: Input, info: GraphQLResolveInfo): { search: LineageSearchInput; facetsSelected: boolean } {
  const facetsSelected = selectsField(info, 'facets');
  const withQuery = { ...input, query: input.query ?? '*' };
  const common = searchInputOf(withQuery, facetsSelected, selectsWithin(info, 'facets', 'entitiesWithValue'));
  // Facets named by the caller replace the default ones (the degree facet always comes first).
  if (common.facets) common.facets = facetNamesOf(input);
  // The flags' window wins over the input's own (the original reads the flags first).
  const window = { startTimeMillis: input.lineageFlags?.startTimeMillis ?? input.startTimeMillis, endTimeMillis: input.lineageFlags?.endTimeMillis ?? input.endTimeMillis };
  return { search: { ...common, urn: input.urn ?? '', direction: input.direction, window, ignoreAsHops: input.lineageFlags?.ignoreAsHops, withDocuments: hitDocumentsNeeded(info), withMatches: matchesWanted(withQuery, info) }, facetsSelected };
}

function presentLineagePage(page: Omit<LineageSearchPage, 'start'>, facetsSelected: boolean, ctx: GraphqlContext) {
  if (page.documents) ctx.loader.prime(page.documents);
  const hits = presentHits(page.urns, page.matches);
  const degreeFacet = {
    field: 'degree', displayName: 'Degree of Dependencies', entity: null, entitiesWithValue: null, ranges: null,
    aggregations: DEGREES.map((d) => ({ value: d, count: page.degrees[d], entity: null, displayName: null })),
  };
  return {
    count: page.urns.length,
    total: page.total,
    searchResults: hits.map((h, i) => ({
      ...h,
      degree: page.reached[i].degree,
      degrees: [page.reached[i].degree],
      paths: page.reached[i].paths.map((p) => ({ path: p.map(refOf) })),
      explored: true,
      truncatedChildren: page.partial,
      ignoredAsHop: page.reached[i].ignoredAsHop === true,
    })),
    facets: facetsSelected ? [degreeFacet, ...presentFacets(page.facets ?? [])] : [],
    isPartial: page.partial,
  };
}

export async function searchAcrossLineage(_: unknown, { input }: { input: Input & { start?: number | null } }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const { search, facetsSelected } = lineageInputOf(input, info);
  const page = await searchLineage(ctx.services, { ...search, start: input.start });
  return { start: page.start, ...presentLineagePage(page, facetsSelected, ctx) };
}

export async function scrollAcrossLineage(_: unknown, { input }: { input: Input & { scrollId?: string | null; keepAlive?: string | null } }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const { search, facetsSelected } = lineageInputOf(input, info);
  const page = await scrollLineage(ctx.services, { ...search, scrollId: input.scrollId });
  return { nextScrollId: page.nextScrollId, ...presentLineagePage(page, facetsSelected, ctx) };
}
