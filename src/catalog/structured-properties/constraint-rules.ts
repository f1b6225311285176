/** Pure rules of `structuredPropertyConstraints`: its own shape against the definition, and the checks of values against it. */
import { entityTypeUrnToName } from '../../model/entity-types.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { StructuredPropertyConstraints } from '../../model/aspects/structured-property-constraints.js';
import { parseUrn } from '../../model/urn.js';
import { isTextKind, valueKindOf } from '../definitions.js';
import { charLength, patternOf } from './value-pattern.js';
import { shownPrimitive, isValidDate, numberOf, platformOfUrn, type AssignmentTarget, type Primitive } from './value-rules.js';

export type Constraints = StructuredPropertyConstraints;


function urnType(urn: string): string | undefined {
  try {
    return parseUrn(urn).entityType;
  } catch {
    return undefined;
  }
}

/** Which rules a definition's value type can carry; a rule of another type is refused when written. */
export function checkConstraintsShape(def: PropertyDefinition, c: Constraints): string[] {
  const kind = valueKindOf(def.valueType);
  const problems: string[] = [];
  const wrongType = (rule: string, wants: string) => problems.push(`${rule} applies to ${wants} properties only; ${def.qualifiedName} holds ${def.valueType}`);
  if ((c.min !== undefined || c.max !== undefined) && kind !== 'number') wrongType('min/max', 'number');
  if ((c.pattern !== undefined || c.minLength !== undefined || c.maxLength !== undefined) && !isTextKind(kind)) wrongType('pattern/minLength/maxLength', 'string, rich text or urn');
  if ((c.after !== undefined || c.before !== undefined) && kind !== 'date') wrongType('after/before', 'date');
  if ((c.minCount !== undefined || c.maxCount !== undefined) && (def.cardinality ?? 'SINGLE') !== 'MULTIPLE') wrongType('minCount/maxCount', 'MULTIPLE');
  if (c.min !== undefined && c.max !== undefined && c.min > c.max) problems.push(`min ${c.min} is above max ${c.max}`);
  if (c.minLength !== undefined && c.maxLength !== undefined && c.minLength > c.maxLength) problems.push(`minLength ${c.minLength} is above maxLength ${c.maxLength}`);
  if (c.minCount !== undefined && c.maxCount !== undefined && c.minCount > c.maxCount) problems.push(`minCount ${c.minCount} is above maxCount ${c.maxCount}`);
  for (const d of [c.after, c.before]) if (d !== undefined && !isValidDate(d)) problems.push(`${d} is not a real day (YYYY-MM-DD)`);
  if (c.after !== undefined && c.before !== undefined && c.after >= c.before) problems.push(`after ${c.after} must be earlier than before ${c.before}`);
  if (c.pattern !== undefined) {
    const p = patternOf(c.pattern);
    if ('error' in p) problems.push(p.error);
  }
  const types = def.entityTypes.map((t) => entityTypeUrnToName(t) ?? t);
  for (const t of c.requiredEntityTypes ?? []) {
    if (urnType(t) !== 'entityType') problems.push(`requiredEntityTypes: ${t} is not an entity type urn`);
    else if (!types.includes(entityTypeUrnToName(t) ?? t)) problems.push(`requiredEntityTypes: ${t} is not one of the property's entityTypes [${def.entityTypes.join(', ')}]`);
  }
  for (const p of c.requiredPlatforms ?? []) {
    if (urnType(p) !== 'dataPlatform') problems.push(`requiredPlatforms: ${p} is not a data platform urn`);
    else if (def.allowedPlatforms?.length && !def.allowedPlatforms.includes(p)) problems.push(`requiredPlatforms: ${p} is not one of the property's allowedPlatforms`);
  }
  if ((c.requiredEntityTypes?.length || c.requiredPlatforms?.length) && c.required !== true) problems.push('requiredEntityTypes/requiredPlatforms need required: true');
  return problems;
}

/** The rules of `c` that break for one value, as "rule: why" (empty when the value complies). */
export function valueProblems(def: PropertyDefinition, c: Constraints, v: Primitive): string[] {
  const kind = valueKindOf(def.valueType);
  const out: string[] = [];
  if (kind === 'number') {
    const n = numberOf(v);
    if (n === undefined) return out;
    if (c.min !== undefined && n < c.min) out.push(`min: must be at least ${c.min}`);
    if (c.max !== undefined && n > c.max) out.push(`max: must be at most ${c.max}`);
  } else if (kind === 'date' && v.string !== undefined) {
    if (c.after !== undefined && v.string <= c.after) out.push(`after: must be after ${c.after}`);
    if (c.before !== undefined && v.string >= c.before) out.push(`before: must be before ${c.before}`);
  } else if (isTextKind(kind) && v.string !== undefined) {
    const length = charLength(v.string);
    if (c.minLength !== undefined && length < c.minLength) out.push(`minLength: must be at least ${c.minLength} characters, has ${length}`);
    if (c.maxLength !== undefined && length > c.maxLength) out.push(`maxLength: must be at most ${c.maxLength} characters, has ${length}`);
    if (c.pattern !== undefined) {
      const p = patternOf(c.pattern);
      if (!('error' in p) && !p.matches(v.string)) out.push(`pattern: must match ${c.pattern}`);
    }
  }
  return out;
}

/** Every rule an assignment's values break, each naming the property and the rule first, then the value (shortened). */
export function checkConstraints(propertyUrn: string, def: PropertyDefinition, c: Constraints | undefined, values: Primitive[]): string[] {
  if (!c) return [];
  const problems = values.flatMap((v) => valueProblems(def, c, v).map((p) => `Property: ${propertyUrn} breaks rule ${p}, value: ${shownPrimitive(v)}`));
  if ((def.cardinality ?? 'SINGLE') === 'MULTIPLE') {
    if (c.minCount !== undefined && values.length < c.minCount) problems.push(`Property: ${propertyUrn} breaks rule minCount: needs at least ${c.minCount} values, got ${values.length}`);
    if (c.maxCount !== undefined && values.length > c.maxCount) problems.push(`Property: ${propertyUrn} breaks rule maxCount: takes at most ${c.maxCount} values, got ${values.length}`);
  }
  return problems;
}

/** Whether an entity must carry the property (it is required, and the entity is of a required type and platform). */
export function isRequiredFor(def: PropertyDefinition, c: Constraints | undefined, target: AssignmentTarget): boolean {
  if (c?.required !== true) return false;
  const types = (c.requiredEntityTypes?.length ? c.requiredEntityTypes : def.entityTypes).map((t) => entityTypeUrnToName(t) ?? t);
  if (!types.includes(target.entityType)) return false;
  if (!c.requiredPlatforms?.length) return true;
  const platform = platformOfUrn(target.urn);
  return platform !== undefined && c.requiredPlatforms.includes(platform);
}

/** The entity type names the requirement covers. */
export function requiredEntityTypeNames(def: PropertyDefinition, c: Constraints | undefined): string[] {
  return (c?.requiredEntityTypes?.length ? c.requiredEntityTypes : def.entityTypes).map((t) => entityTypeUrnToName(t) ?? t);
}

/** Whether any rule beyond `required` constrains values (so values can be invalid at all). */
export function hasValueRules(c: Constraints | undefined): boolean {
  if (!c) return false;
  return [c.min, c.max, c.pattern, c.minLength, c.maxLength, c.after, c.before, c.minCount, c.maxCount].some((r) => r !== undefined);
}
