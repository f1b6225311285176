/**
 * Value migration for a breaking definition change (a new `version`): how each value written under the old version
 * becomes a value of the new one — mapped (old → new, or → dropped), otherwise carried over converted to the new value
 * type — and what happens when an entity ends up with more values than the new definition takes. Pure: the dry run,
 * the durable job and the tests all use it.
 */
import { z } from 'zod';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { valueKindOf } from '../definitions.js';
import { valueProblems, type Constraints } from './constraint-rules.js';
import { checkAllowedValue, checkValueType, formatPrimitive, numberOf, type Primitive } from './value-rules.js';

/** What to do when an entity holds more values than the new definition takes (MULTIPLE → SINGLE, or maxCount). */
export const CardinalityRuleSchema = z.enum(['KEEP_FIRST', 'KEEP_ALL', 'DROP']);
export type CardinalityRule = z.infer<typeof CardinalityRuleSchema>;

const Scalar = z.union([z.string(), z.number()]);

export const MigrationSpecSchema = z.strictObject({
  /** Old value → new value; `to: null` drops it. Numbers may be written as text. */
  values: z.array(z.strictObject({ from: Scalar, to: Scalar.nullable() })).max(10_000).optional(),
  /** KEEP_FIRST keeps the first values up to what the new definition takes; DROP removes the entity's value; KEEP_ALL keeps every value (the new definition must be MULTIPLE). */
  cardinality: CardinalityRuleSchema.optional(),
});
export type MigrationSpec = z.infer<typeof MigrationSpecSchema>;

export interface MigratedValues {
  after: Primitive[];
  mapped: number;
  converted: number;
  dropped: { value: string; reason: string }[];
}

const scalarKey = (v: string | number) => (typeof v === 'number' ? `n:${v}` : /^[+-]?\d+(\.\d+)?$/.test(v.trim()) ? `n:${Number(v)}` : `s:${v}`);
const primitiveKey = (v: Primitive) => (v.double !== undefined ? `n:${v.double}` : scalarKey(v.string ?? ''));

/** An old value (or a mapped one) as a value of the new kind; undefined when it cannot be one. */
function convert(v: Primitive | string | number, kind: string | undefined): Primitive | undefined {
  const p: Primitive = typeof v === 'string' ? { string: v } : typeof v === 'number' ? { double: v } : v;
  if (kind === 'number') {
    const n = numberOf(p);
    return n === undefined || !Number.isFinite(n) ? undefined : { double: n };
  }
  return p.string !== undefined ? { string: p.string } : { string: String(p.double) };
}

/** Problems of the migration itself against the change it goes with (refused before anything is written). */
export function checkMigrationPlan(prev: PropertyDefinition, next: PropertyDefinition, spec: MigrationSpec): string[] {
  const problems: string[] = [];
  const multipleBefore = (prev.cardinality ?? 'SINGLE') === 'MULTIPLE';
  const single = (next.cardinality ?? 'SINGLE') === 'SINGLE';
  if (spec.cardinality === 'KEEP_ALL' && single) problems.push('migration.cardinality KEEP_ALL keeps several values, but the new definition is SINGLE: use KEEP_FIRST or DROP');
  if (multipleBefore && single && !spec.cardinality) problems.push('the property changes from MULTIPLE to SINGLE: say what happens to entities with several values (migration.cardinality KEEP_FIRST or DROP)');
  const seen = new Set<string>();
  for (const { from } of spec.values ?? []) {
    const key = scalarKey(from);
    if (seen.has(key)) problems.push(`migration.values maps ${JSON.stringify(from)} twice`);
    seen.add(key);
  }
  return problems;
}

/** The values an entity holds under the new version, and what happened to the others. */
export function migrateValues(values: Primitive[], next: PropertyDefinition, constraints: Constraints | undefined, spec: MigrationSpec, propertyUrn: string): MigratedValues {
  const kind = valueKindOf(next.valueType);
  const map = new Map((spec.values ?? []).map((m) => [scalarKey(m.from), m.to]));
  const out: Primitive[] = [];
  const seen = new Set<string>();
  const dropped: MigratedValues['dropped'] = [];
  let mapped = 0;
  let converted = 0;
  for (const v of values) {
    const shown = formatPrimitive(v);
    const key = primitiveKey(v);
    let candidate: Primitive | undefined;
    if (map.has(key)) {
      const to = map.get(key)!;
      if (to === null) {
        dropped.push({ value: shown, reason: 'mapped to nothing' });
        continue;
      }
      candidate = convert(to, kind);
      mapped++;
    } else {
      candidate = convert(v, kind);
      if (candidate && formatPrimitive(candidate) !== shown) converted++;
    }
    if (!candidate) {
      dropped.push({ value: shown, reason: `cannot be a ${kind ?? 'value'} of the new version` });
      continue;
    }
    const problem = checkValueType(propertyUrn, next, candidate) ?? checkAllowedValue(propertyUrn, next, candidate) ?? (constraints ? valueProblems(next, constraints, candidate).map((r) => `breaks rule ${r}`)[0] : undefined);
    if (problem) {
      dropped.push({ value: shown, reason: problem });
      continue;
    }
    const k = formatPrimitive(candidate);
    if (!seen.has(k)) out.push(candidate);
    seen.add(k);
  }
  const most = (next.cardinality ?? 'SINGLE') === 'SINGLE' ? 1 : (constraints?.maxCount ?? Infinity);
  if (out.length > most) {
    if (spec.cardinality === 'DROP') return { after: [], mapped, converted, dropped: [...dropped, ...out.map((v) => ({ value: formatPrimitive(v), reason: `more than ${most} value(s): cardinality rule DROP` }))] };
    const kept = out.slice(0, most);
    for (const v of out.slice(most)) dropped.push({ value: formatPrimitive(v), reason: `more than ${most} value(s): cardinality rule KEEP_FIRST` });
    return { after: kept, mapped, converted, dropped };
  }
  if (constraints?.minCount !== undefined && out.length > 0 && out.length < constraints.minCount) {
    return { after: [], mapped, converted, dropped: [...dropped, ...out.map((v) => ({ value: formatPrimitive(v), reason: `fewer than minCount ${constraints.minCount} values` }))] };
  }
  return { after: out, mapped, converted, dropped };
}
