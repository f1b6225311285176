/**
 * The search page's state as it lives in the URL (`?query=…&type=dataset&filter=…`), and its GraphQL filter. A filter
 * is `field=value`, `field>=n`, `field<=n`, or a value state: `missing:field` (no value) and `invalid:field` (a
 * structured property value that breaks the property's rules).
 */

import { ENTITY_TYPES, type EntityTypeInfo } from '../model/entity-types';

/** The conditions without a value: no value at all, or one that breaks the property's rules. */
export type ValueState = 'missing' | 'invalid';
export type Op = '=' | '>=' | '<=' | ValueState;

/**
 * One facet selection: `field=value` (any of the values of a field), a range bound `field>=n` / `field<=n`, or a
 * value state (its `value` is empty).
 */
export interface Filter {
  field: string;
  op: Op;
  value: string;
}

export interface SearchState {
  query: string;
  type: EntityTypeInfo;
  filters: Filter[];
}

const FILTER = /^([^=<>]+)(>=|<=|=)(.*)$/s;
const STATE = /^(missing|invalid):(.+)$/s;

export const isValueState = (op: Op): op is ValueState => op === 'missing' || op === 'invalid';

export function parseSearchState(params: URLSearchParams): SearchState {
  const type = ENTITY_TYPES.find((t) => t.id === params.get('type')) ?? ENTITY_TYPES[0];
  const filters: Filter[] = [];
  for (const raw of params.getAll('filter')) {
    const state = STATE.exec(raw);
    const m = state ? null : FILTER.exec(raw);
    if (state) filters.push({ field: state[2], op: state[1] as ValueState, value: '' });
    else if (m) filters.push({ field: m[1], op: m[2] as Op, value: m[3] });
  }
  return { query: params.get('query') ?? '', type, filters };
}

export function formatSearchState(s: SearchState): string {
  const p = new URLSearchParams();
  if (s.query) p.set('query', s.query);
  p.set('type', s.type.id);
  for (const f of s.filters) p.append('filter', isValueState(f.op) ? `${f.op}:${f.field}` : `${f.field}${f.op}${f.value}`);
  return `/search?${p.toString()}`;
}

export const hasFilter = (s: SearchState, f: Filter): boolean =>
  s.filters.some((x) => x.field === f.field && x.op === f.op && x.value === f.value);

/** Adds or removes one value; a range bound replaces the previous bound of that field. */
export function toggleFilter(s: SearchState, f: Filter): SearchState {
  if (hasFilter(s, f)) return { ...s, filters: s.filters.filter((x) => !(x.field === f.field && x.op === f.op && x.value === f.value)) };
  const rest = f.op === '=' ? s.filters : s.filters.filter((x) => !(x.field === f.field && x.op === f.op));
  return { ...s, filters: [...rest, f] };
}

export function setRange(s: SearchState, field: string, op: Op, value: string): SearchState {
  const rest = s.filters.filter((x) => !(x.field === field && x.op === op));
  return { ...s, filters: value === '' ? rest : [...rest, { field, op, value }] };
}

const CONDITION: Record<Op, string> = {
  '=': 'EQUAL',
  '>=': 'GREATER_THAN_OR_EQUAL_TO',
  '<=': 'LESS_THAN_OR_EQUAL_TO',
  missing: 'NOT_EXISTS',
  invalid: 'INVALID',
};

export interface Criterion {
  field: string;
  condition: string;
  /** Absent for a value state. */
  values?: string[];
}

/** Values of one field are OR-ed, fields are AND-ed: one AND group for `orFilters`. */
export function toOrFilters(filters: Filter[]): { and: Criterion[] }[] {
  if (!filters.length) return [];
  const groups = new Map<string, Criterion>();
  for (const f of filters) {
    const key = `${f.field}\u0000${f.op}`;
    const g = groups.get(key) ?? { field: f.field, condition: CONDITION[f.op], ...(isValueState(f.op) ? {} : { values: [] }) };
    g.values?.push(f.value);
    groups.set(key, g);
  }
  return [{ and: [...groups.values()] }];
}
