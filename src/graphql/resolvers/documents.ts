/**
 * Knowledge documents about an entity (those whose documentInfo relates it), searched as searchAcrossEntities with the
 * document type's registry search fields; a semantic search is refused with the search to use instead (Tessera does
 * not search by meaning).
 */
import type { GraphQLResolveInfo } from 'graphql';
import { validationError } from '../../errors.js';
import type { GraphqlContext } from '../context.js';
import type { EntityRef } from '../entity-loader.js';
import { searchAcrossEntities } from './search/search-across-entities.js';
import type { FacetFilterInput } from './search/search-input.js';

/** The types documents.graphql gives `relatedDocuments` (those the original's clients ask it on). */
const WITH_RELATED_DOCUMENTS = [
  'Application', 'Chart', 'Container', 'Dashboard', 'DataFlow', 'DataJob', 'DataProduct', 'Dataset', 'Domain', 'GlossaryNode',
  'GlossaryTerm', 'MLFeature', 'MLFeatureTable', 'MLModel', 'MLModelGroup', 'MLPrimaryKey',
] as const;

interface RelatedDocumentsArgs {
  input: { start?: number | null; count?: number | null; parentDocuments?: string[] | null; rootOnly?: boolean | null; types?: string[] | null; domains?: string[] | null; sourceType?: string | null };
}

/** The documents relating an entity, narrowed as asked: under given parents (or at the top), of sub-types, in domains, by source. */
async function relatedDocuments(ref: EntityRef, { input }: RelatedDocumentsArgs, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const and: FacetFilterInput[] = [{ field: 'relatedAssets', values: [ref.urn] }];
  if (input.parentDocuments?.length) and.push({ field: 'parentDocument', values: input.parentDocuments });
  if (input.rootOnly) and.push({ field: 'parentDocument', condition: 'EXISTS', negated: true } as FacetFilterInput);
  if (input.types?.length) and.push({ field: 'subTypes', values: input.types });
  if (input.domains?.length) and.push({ field: 'domains', values: input.domains });
  if (input.sourceType) and.push({ field: 'sourceType', values: [input.sourceType] });
  const page = (await searchAcrossEntities(null, { input: { types: ['DOCUMENT'], query: '*', start: input.start, count: input.count, orFilters: [{ and }] } }, ctx, info)) as {
    start: number;
    count: number;
    total: number;
    searchResults: { entity: unknown }[];
    facets?: unknown[];
  };
  return { start: page.start, count: page.count, total: page.total, documents: page.searchResults.map((r) => r.entity), facets: page.facets ?? [] };
}

const semanticSearchAcrossEntities = () => {
  throw validationError('semantic search is not available in Tessera: use searchAcrossEntities, whose query strings match words (field:value terms match exact values)');
};

export const documentResolvers = {
  Query: { semanticSearchAcrossEntities },
  ...Object.fromEntries(WITH_RELATED_DOCUMENTS.map((t) => [t, { relatedDocuments }])),
};
