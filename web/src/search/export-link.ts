/**
 * The CSV export of what the page shows: the same query and filters, one column per property that matters here — the
 * ones filtered on and the ones set to show in search filters. The session cookie authenticates the download.
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
