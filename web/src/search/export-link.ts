/**
 * The CSV exports of what a page shows: a search (the same query and filters, one column per property that matters
 * here — the ones filtered on and the ones set to show in search filters) and an impacted set (with its degrees). The
 * session cookie authenticates the download.
 */
import type { SearchState } from './search-state';
import { toOrFilters } from './search-state';

const PROPERTY_FIELD = 'structuredProperties.';

export function exportHref(state: SearchState, shownInFilters: readonly string[]): string {
  const p = new URLSearchParams();
  if (state.query.trim()) p.set('query', state.query.trim());
  const orFilters = toOrFilters(state.filters);
  if (orFilters.length) p.set('orFilters', JSON.stringify(orFilters));
  const filtered = state.filters.filter((f) => f.field.startsWith(PROPERTY_FIELD)).map((f) => f.field.slice(PROPERTY_FIELD.length));
  for (const qn of new Set([...filtered, ...shownInFilters])) p.append('property', qn);
  return `/openapi/v3/export/${encodeURIComponent(state.type.id)}?${p}`;
}

/** The search filters the walk answers itself (degree) or a dataset export has no use for (the type). */
const LINEAGE_ONLY = new Set(['degree', '_entityType']);

/**
 * The CSV export of an impacted set: the datasets `direction` of `urn`, with their degree, within the hops the degrees
 * chosen reach (all the walk reaches with 3+ or none chosen), searched and filtered as the list is.
 */
export function lineageExportHref(urn: string, direction: 'UPSTREAM' | 'DOWNSTREAM', state: Pick<SearchState, 'query' | 'filters'>): string {
  const p = new URLSearchParams();
  p.set(direction === 'DOWNSTREAM' ? 'downstreamOf' : 'upstreamOf', urn);
  const degrees = state.filters.filter((f) => f.field === 'degree').map((f) => f.value);
  if (degrees.length && !degrees.includes('3+')) p.set('hops', String(Math.max(...degrees.map(Number))));
  if (state.query.trim()) p.set('query', state.query.trim());
  const orFilters = toOrFilters(state.filters.filter((f) => !LINEAGE_ONLY.has(f.field)));
  if (orFilters.length) p.set('orFilters', JSON.stringify(orFilters));
  return `/openapi/v3/export/dataset?${p}`;
}
