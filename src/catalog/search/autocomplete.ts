/**
 * Suggestions while a person types: entities whose name starts with what was typed (the whole name, or any word of
 * it: `ord` suggests `sales.orders` and `customer_orders`), best first — the exact name, then names starting with the
 * text, then names with a word starting with it, alphabetically within each — per entity type, in one engine call
 * over the names' prefix field (edge n-grams built at index time).
 */
import { validationError } from '../../errors.js';
import type { AndFilter } from '../../search/filters.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { compileSearch } from './compile-search.js';
import { runSearch, NOT_SOFT_DELETED } from './search-entities.js';
import { entityTypesToSearch, withEntityTypeNames } from './search-types.js';

export interface AutoCompleteInput {
  /** GraphQL entity type names; empty means every searchable type. */
  types?: readonly string[] | null;
  query: string;
  field?: string | null;
  limit?: number | null;
  orFilters?: AndFilter[] | null;
}

export interface AutoCompleteGroup {
  entityType: string;
  /** Distinct names, best first. */
  suggestions: string[];
  urns: string[];
}

const MAX_QUERY = 200;
const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 10;

function checkInput(input: AutoCompleteInput): { text: string; limit: number } {
  const text = input.query.trim();
  if (text.length > MAX_QUERY) throw validationError(`query is ${text.length} characters long; autocomplete takes at most ${MAX_QUERY}`);
  if (input.field != null && input.field !== 'name') throw validationError(`autocomplete completes names; field ${JSON.stringify(input.field)} is not supported (use "name" or leave it out)`);
  const limit = input.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw validationError(`limit must be an integer between 1 and ${MAX_LIMIT}, got ${limit}`);
  return { text, limit };
}

/** Scores in tiers: exact name 3, name starting with the text 2, a word of the name starting with it 1. */
function prefixQuery(text: string): object {
  const lower = text.toLowerCase();
  const tier = (filter: object, boost: number) => ({ constant_score: { filter, boost } });
  return {
    dis_max: {
      queries: [
        tier({ term: { 'name.exact': lower } }, 3),
        tier({ prefix: { 'name.exact': lower } }, 2),
        tier({ match: { 'name.prefix': { query: text, operator: 'and' } } }, 1),
      ],
    },
  };
}

/**
 * The engine request: the best `limit` names per entity type, as doc values (no stored document is read). An index
 * built before the names' prefix fields (not rebuilt yet) suggests nothing rather than failing.
 */
export function autoCompleteBody(text: string, limit: number, types: number, filter?: object): object {
  const top = { top_hits: { size: limit, sort: [{ _score: 'desc' }, { 'name.exact': { order: 'asc', unmapped_type: 'keyword' } }, { urn: 'asc' }], _source: false, docvalue_fields: ['urn', 'name'] } };
  return {
    size: 0,
    query: { bool: { must: [prefixQuery(text)], filter: [NOT_SOFT_DELETED, ...(filter ? [filter] : [])] } },
    aggs: { types: { terms: { field: 'entityType', size: types }, aggs: { top } } },
  };
}

export async function autoComplete(deps: CatalogDeps, input: AutoCompleteInput): Promise<{ query: string; groups: AutoCompleteGroup[] }> {
  const { text, limit } = checkInput(input);
  const entityTypes = entityTypesToSearch(input.types);
  if (text === '' || entityTypes.length === 0) return { query: input.query, groups: [] };
  const compiled = await compileSearch(deps, { query: '*', orFilters: withEntityTypeNames(input.orFilters) });
  const body = autoCompleteBody(text, limit, entityTypes.length, compiled.filter);
  const res = await runSearch(deps, entityTypes, body);
  const buckets: any[] = res.aggregations?.types?.buckets ?? [];
  // Types in the order asked for (or the catalog's order), so a client's layout does not shuffle as counts change.
  const order = new Map(entityTypes.map((t, i) => [t, i]));
  const groups = buckets
    .map((b) => {
      const hits: any[] = b.top.hits.hits;
      const names = hits.map((h) => h.fields?.name?.[0]).filter((n): n is string => typeof n === 'string');
      return { entityType: String(b.key), suggestions: [...new Set(names)], urns: hits.map((h) => String(h.fields.urn[0])) };
    })
    .sort((a, b) => (order.get(a.entityType) ?? 0) - (order.get(b.entityType) ?? 0));
  return { query: input.query, groups };
}
