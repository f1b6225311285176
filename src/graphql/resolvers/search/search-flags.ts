/**
 * The search inputs of the original's GraphQL that Tessera honours, and the ones it refuses by name: nothing a client
 * sends in `searchFlags`, `viewUrn` or `keepAlive` is silently dropped.
 */
import { validationError } from '../../../errors.js';

export interface SearchFlagsInput {
  skipCache?: boolean | null;
  maxAggValues?: number | null;
  fulltext?: boolean | null;
  skipHighlighting?: boolean | null;
  skipAggregates?: boolean | null;
  getSuggestions?: boolean | null;
  groupingSpec?: unknown;
  includeSoftDeleted?: boolean | null;
  includeRestricted?: boolean | null;
  customHighlightingFields?: string[] | null;
  includeStructuredPropertyFacets?: boolean | null;
  filterNonLatestVersions?: boolean | null;
  fetchExtraFields?: string[] | null;
}

/** What the flags mean for a search. Flags whose only possible behaviour is Tessera's already (skipHighlighting is read where
 *  matched fields are asked for; includeRestricted: nothing is restricted; filterNonLatestVersions: every entity is its latest version) need no field. */
export interface SearchFlags {
  includeSoftDeleted: boolean;
  skipCache: boolean;
  skipAggregates: boolean;
  maxAggValues?: number;
}

const refuse = (flag: string, why: string) => validationError(`searchFlags.${flag} is not supported: ${why}`);

export function readSearchFlags(flags: SearchFlagsInput | null | undefined): SearchFlags {
  const f = flags ?? {};
  if (f.fulltext === false) throw refuse('fulltext', 'queries are always full-text query strings (use field:value terms for exact matches)');
  if (f.getSuggestions === true) throw refuse('getSuggestions', 'Tessera computes no spelling suggestions');
  if (f.groupingSpec != null) throw refuse('groupingSpec', 'results are not grouped');
  if (f.customHighlightingFields && f.customHighlightingFields.length > 0) throw refuse('customHighlightingFields', 'matchedFields names what matched, over the fields Tessera searches');
  if (f.fetchExtraFields && f.fetchExtraFields.length > 0) throw refuse('fetchExtraFields', "Tessera's search documents are its own, so no fields of them are answered; read the entities' aspects instead");
  if (f.includeStructuredPropertyFacets === true) {
    throw refuse('includeStructuredPropertyFacets', 'name the property facets you want (structuredProperties.<qualified name>) in aggregateAcrossEntities(facets: …)');
  }
  return {
    includeSoftDeleted: f.includeSoftDeleted === true,
    skipCache: f.skipCache === true,
    skipAggregates: f.skipAggregates === true,
    ...(f.maxAggValues != null && { maxAggValues: f.maxAggValues }),
  };
}

/** Saved views do not exist in Tessera: a view would narrow the results, so running without it would answer too much. */
export function refuseViewUrn(viewUrn: string | null | undefined): void {
  if (viewUrn != null) throw validationError(`viewUrn is not supported: Tessera has no saved views (got ${viewUrn}); put the view's filters in orFilters`);
}

/**
 * Scroll positions are stateless (`search_after`), so a scroll id never expires: any keepAlive is honoured. It is still
 * checked, so a typo does not pass unnoticed.
 */
export function checkKeepAlive(keepAlive: string | null | undefined): void {
  if (keepAlive != null && !/^\d+(ms|s|m|h|d)$/.test(keepAlive)) throw validationError(`Invalid keepAlive ${JSON.stringify(keepAlive)}: expected a duration such as 5m, 30s or 1h`);
}
