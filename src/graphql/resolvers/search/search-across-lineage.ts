/** Query.searchAcrossLineage: the lineage search operation, presented in the original's shapes with the degree facet first. */
import type { GraphQLResolveInfo } from 'graphql';
import { DEGREES, searchLineage } from '../../../catalog/lineage/search-lineage.js';
import type { LineageDirection } from '../../../model/lineage-edges.js';
import type { GraphqlContext } from '../../context.js';
import { refOf } from '../../entity-loader.js';
import { hitDocumentsNeeded, selectsField, selectsWithin } from '../../selects.js';
import { presentFacets, presentHits } from './present-results.js';
import { matchesWanted, searchInputOf, type CommonSearchInput } from './search-input.js';

type Input = Omit<CommonSearchInput, 'query'> & { urn?: string | null; direction: LineageDirection; query?: string | null; start?: number | null };

export async function searchAcrossLineage(_: unknown, { input }: { input: Input }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const facetsSelected = selectsField(info, 'facets');
  const common = searchInputOf({ ...input, query: input.query ?? '*' }, facetsSelected, selectsWithin(info, 'facets', 'entitiesWithValue'));
  const page = await searchLineage(ctx.services, {
    ...common, urn: input.urn ?? '', direction: input.direction, start: input.start, withDocuments: hitDocumentsNeeded(info), withMatches: matchesWanted({ ...input, query: input.query ?? '*' }, info),
  });
  if (page.documents) ctx.loader.prime(page.documents);
  const hits = presentHits(page.urns, page.matches);
  const degreeFacet = {
    field: 'degree', displayName: 'Degree of Dependencies', entity: null, entitiesWithValue: null, ranges: null,
    aggregations: DEGREES.map((d) => ({ value: d, count: page.degrees[d], entity: null, displayName: null })),
  };
  return {
    start: page.start,
    count: page.urns.length,
    total: page.total,
    searchResults: hits.map((h, i) => ({
      ...h,
      degree: page.reached[i].degree,
      degrees: [page.reached[i].degree],
      paths: page.reached[i].paths.map((p) => ({ path: p.map(refOf) })),
      explored: true,
      truncatedChildren: page.partial,
      ignoredAsHop: false,
    })),
    facets: facetsSelected ? [degreeFacet, ...presentFacets(page.facets ?? [])] : [],
    isPartial: page.partial,
  };
}
