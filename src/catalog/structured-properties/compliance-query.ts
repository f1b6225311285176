/**
 * Compliance of a structured property as index queries, so it is counted by the engine and never by reading entities:
 * which entities it applies to, which miss a value, and which hold a value that breaks a rule. The same rules as
 * `constraint-rules.ts` applies to a write (patterns through the shared dialect, lengths in characters). Exact for values
 * of any length: lengths are ranges on the indexed lengths, and a value too long for the keyword index is kept in a
 * field of its own where presence and patterns are checked too.
 */
import { hasValueQuery, indexFieldOf, lengthFieldOf, longFieldOf, valueKindOf, type DefinitionInfo } from '../definitions.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { hasValueRules, requiredEntityTypeNames, type Constraints } from './constraint-rules.js';
import { patternOf } from './value-pattern.js';

type Dsl = Record<string, unknown>;

/** The largest repeat count an engine regexp takes (its automaton is refused beyond about 1,000 states). */
const AUTOMATON_BOUND = 900;

export const MATCH_NONE: Dsl = { bool: { must_not: [{ match_all: {} }] } };

const anyOf = (clauses: Dsl[]): Dsl => (clauses.length === 1 ? clauses[0] : { bool: { should: clauses, minimum_should_match: 1 } });

/** The field holding keyword-like values (rich text keeps one beside its analysed text). */
function keywordPath(info: DefinitionInfo): string {
  const path = indexFieldOf(info.definition);
  return valueKindOf(info.definition.valueType) === 'rich_text' ? `${path}.keyword` : path;
}

/** Entities with a value that breaks a rule; undefined when the property has no value rules (nothing can be invalid). */
export function invalidQuery(info: DefinitionInfo): Dsl | undefined {
  const c = info.constraints as Constraints | undefined;
  if (!c || !hasValueRules(c)) return undefined;
  const path = indexFieldOf(info.definition);
  const kind = valueKindOf(info.definition.valueType);
  const broken: Dsl[] = [];
  if (kind === 'number') {
    if (c.min !== undefined) broken.push({ range: { [path]: { lt: c.min } } });
    if (c.max !== undefined) broken.push({ range: { [path]: { gt: c.max } } });
  } else if (kind === 'date') {
    if (c.after !== undefined) broken.push({ range: { [path]: { lte: c.after, format: 'yyyy-MM-dd' } } });
    if (c.before !== undefined) broken.push({ range: { [path]: { gte: c.before, format: 'yyyy-MM-dd' } } });
  } else {
    const text = keywordPath(info);
    const lengths = lengthFieldOf(info.definition);
    // Any value shorter or longer (its indexed length), or outside the pattern (an automaton regexp over the terms
    // dictionary, and over the values too long for it).
    if (c.minLength !== undefined && c.minLength > 0) broken.push({ range: { [lengths]: { lt: c.minLength } } });
    if (c.maxLength !== undefined) broken.push({ range: { [lengths]: { gt: c.maxLength } } });
    // Documents written before lengths were indexed (until rewritten or rebuilt): the terms dictionary, where the
    // bound is small enough for an automaton.
    if (c.minLength !== undefined && c.minLength > 0 && c.minLength <= AUTOMATON_BOUND) broken.push({ regexp: { [text]: { value: `.{0,${c.minLength - 1}}` } } });
    if (c.maxLength !== undefined && c.maxLength < AUTOMATON_BOUND) broken.push({ regexp: { [text]: { value: `.{${c.maxLength + 1},}` } } });
    const p = c.pattern !== undefined ? patternOf(c.pattern) : undefined;
    if (p && !('error' in p)) {
      for (const field of [text, longFieldOf(info.definition)]) broken.push({ regexp: { [field]: { value: `~(${p.engine})`, flags: 'COMPLEMENT' } } });
    }
  }
  if ((info.definition.cardinality ?? 'SINGLE') === 'MULTIPLE' && (c.minCount !== undefined || c.maxCount !== undefined)) {
    const counted = kind === 'rich_text' ? keywordPath(info) : path;
    const params = { field: counted, min: c.minCount ?? 0, max: c.maxCount ?? 1_000_000 };
    broken.push({
      bool: {
        filter: [
          { exists: { field: counted } },
          { script: { script: { lang: 'painless', source: "int n = doc[params.field].size(); return n < params.min || n > params.max;", params } } },
        ],
      },
    });
  }
  return broken.length === 0 ? undefined : anyOf(broken);
}

/** The platforms compliance counts: the required ones when the property is required on some, else those it allows (none: any). */
export function applicablePlatforms(def: Pick<PropertyDefinition, 'allowedPlatforms'>, c: Pick<Constraints, 'required' | 'requiredPlatforms'> | undefined): string[] {
  return c?.required && c.requiredPlatforms?.length ? c.requiredPlatforms : (def.allowedPlatforms ?? []);
}

/** Entities of the types the property applies to (required types when it is required) on the platforms it names. */
export function applicableQuery(info: DefinitionInfo): Dsl {
  const platforms = applicablePlatforms(info.definition as PropertyDefinition, info.constraints as Constraints | undefined);
  const filter: Dsl[] = [{ terms: { entityType: applicableEntityTypes(info) } }];
  if (platforms.length > 0) filter.push({ terms: { platform: platforms } });
  return { bool: { filter } };
}

/** The entity type names a compliance count covers. */
export function applicableEntityTypes(info: DefinitionInfo): string[] {
  return requiredEntityTypeNames(info.definition as PropertyDefinition, info.constraints as Constraints | undefined);
}

export function missingQuery(info: DefinitionInfo): Dsl {
  return { bool: { filter: [applicableQuery(info)], must_not: [hasValueQuery(indexFieldOf(info.definition))] } };
}

/** The queries of a compliance count: applicable, missing, invalid (undefined when nothing can be invalid); compliant is the rest. */
export function complianceQueries(info: DefinitionInfo): { applicable: Dsl; missing: Dsl; invalid?: Dsl; compliant: Dsl } {
  const exists = hasValueQuery(indexFieldOf(info.definition));
  const invalid = invalidQuery(info);
  const applicable = applicableQuery(info);
  return {
    applicable,
    missing: missingQuery(info),
    ...(invalid && { invalid: { bool: { filter: [applicable, exists, invalid] } } }),
    compliant: { bool: { filter: [applicable, exists], ...(invalid && { must_not: [invalid] }) } },
  };
}

/** The named buckets of a compliance facet: entities that comply, miss a value, or hold an invalid one. */
export function complianceBuckets(info: DefinitionInfo): Record<'COMPLIANT' | 'MISSING' | 'INVALID', Dsl> {
  const q = complianceQueries(info);
  return { COMPLIANT: q.compliant, MISSING: q.missing, INVALID: q.invalid ?? MATCH_NONE };
}
