/** Translates GraphQL `orFilters` (an OR of AND-groups of criteria) into an OpenSearch filter query. */
import { hasValueQuery } from '../storage/property-field-mappings.js';
import { escapeWildcard, typedValue } from './field-values.js';
import type { FieldResolver, ResolvedField } from './resolved-field.js';
import { inputError } from './search-input-error.js';

export interface FilterCriterion {
  field: string;
  condition?: string | null;
  values?: string[] | null;
  negated?: boolean | null;
}
export interface AndFilter {
  and?: FilterCriterion[] | null;
}

type Dsl = Record<string, unknown>;

const RANGE_OPS: Record<string, string> = {
  GREATER_THAN: 'gt',
  GREATER_THAN_OR_EQUAL_TO: 'gte',
  LESS_THAN: 'lt',
  LESS_THAN_OR_EQUAL_TO: 'lte',
};
const WILDCARDS: Record<string, (v: string) => string> = {
  CONTAIN: (v) => `*${v}*`,
  START_WITH: (v) => `${v}*`,
  END_WITH: (v) => `*${v}`,
};
const VALUELESS = new Set(['EXISTS', 'NOT_EXISTS', 'INVALID']);
const CONDITIONS = new Set(['EQUAL', 'IN', 'IEQUAL', ...VALUELESS, ...Object.keys(RANGE_OPS), ...Object.keys(WILDCARDS)]);

/** Returns undefined when nothing filters (no groups, or a group whose criteria were all skipped, which matches everything). */
export function buildFilterQuery(orFilters: AndFilter[] | null | undefined, resolve: FieldResolver): object | undefined {
  const groups: Dsl[] = [];
  let matchesAll = false;
  for (const group of orFilters ?? []) {
    const filter: Dsl[] = [];
    const mustNot: Dsl[] = [];
    for (const c of group.and ?? []) {
      const clause = criterionQuery(c, resolve);
      if (clause) (c.negated ? mustNot : filter).push(clause);
    }
    if (filter.length === 0 && mustNot.length === 0) matchesAll = true;
    groups.push({ bool: { ...(filter.length > 0 && { filter }), ...(mustNot.length > 0 && { must_not: mustNot }) } });
  }
  // The original adds such an empty group as a should clause, which matches every document.
  if (groups.length === 0 || matchesAll) return undefined;
  return { bool: { should: groups, minimum_should_match: 1 } };
}

export function filterFields(orFilters: AndFilter[] | null | undefined): string[] {
  return [...new Set((orFilters ?? []).flatMap((g) => (g.and ?? []).map((c) => c.field)))];
}

export function hasFilterOn(orFilters: AndFilter[] | null | undefined, field: string): boolean {
  return (orFilters ?? []).some((g) => (g.and ?? []).some((c) => c.field === field));
}

function anyOf(clauses: Dsl[]): Dsl {
  return clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } };
}

function criterionQuery(c: FilterCriterion, resolve: FieldResolver): Dsl | undefined {
  const condition = c.condition ?? 'EQUAL';
  if (!CONDITIONS.has(condition)) throw inputError(`Unsupported condition: ${condition}`);
  // Resolving first means a forbidden field (e.g. a soft-deleted property) is refused even when its criterion is skipped.
  const f = resolve(c.field);
  // Blank values are dropped as the original does: a criterion left without values filters nothing.
  const values = (c.values ?? []).filter((v) => v.trim() !== '');
  if (!VALUELESS.has(condition) && values.length === 0) return undefined;
  if (condition === 'EXISTS') return (f.exists as Dsl | undefined) ?? hasValueQuery(f.path);
  if (condition === 'NOT_EXISTS') return { bool: { must_not: [(f.exists as Dsl | undefined) ?? hasValueQuery(f.path)] } };
  if (condition === 'INVALID') {
    if (!f.structuredPropertyUrn) throw inputError(`Condition INVALID applies to structured property fields only (structuredProperties.<qualified name>), not ${f.name}`);
    return (f.invalid as Dsl | undefined) ?? { bool: { must_not: [{ match_all: {} }] } };
  }
  if (Object.hasOwn(RANGE_OPS, condition)) return rangeQuery(f, condition, values);
  if (Object.hasOwn(WILDCARDS, condition)) {
    if (f.kind !== 'keyword' && f.kind !== 'text') throw inputError(`Condition ${condition} is not supported on ${f.kind} field ${f.name}`);
    return anyOf(values.map((v) => ({ wildcard: { [f.path]: { value: WILDCARDS[condition](escapeWildcard(v)), case_insensitive: true } } })));
  }
  if (condition === 'IEQUAL' && (f.kind === 'keyword' || f.kind === 'text')) {
    return anyOf(values.map((v) => ({ term: { [f.path]: { value: v, case_insensitive: true } } })));
  }
  // EQUAL and IN; IEQUAL on numbers, dates and booleans, where case does not exist.
  if (f.kind === 'text') return anyOf(values.map((v) => ({ match_phrase: { [f.path]: v } })));
  return { terms: { [f.path]: values.map((v) => typedValue(f, v)) } };
}

function rangeQuery(f: ResolvedField, condition: string, values: string[]): Dsl {
  if (values.length !== 1) throw inputError(`Condition ${condition} on field ${f.name} takes exactly one value, got ${values.length}`);
  if (f.kind === 'text') throw inputError(`Condition ${condition} is not supported on text field ${f.name}`);
  return { range: { [f.path]: { [RANGE_OPS[condition]]: typedValue(f, values[0]) } } };
}
