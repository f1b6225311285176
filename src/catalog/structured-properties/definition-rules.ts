/** Pure rules of a structured property definition: its own shape, and which changes to a stored one are breaking. */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { canonicalBrandUrn, parseUrn } from '../../model/urn.js';
import { esFieldWord, valueKindOf } from '../definitions.js';
import { formatPrimitive, isValidDate, type Primitive } from './value-rules.js';

export const VERSION_PATTERN = /^[0-9]{14}$/;

function urnTypeOf(urn: string): string | undefined {
  try {
    return parseUrn(urn).entityType;
  } catch {
    return undefined;
  }
}

function checkAllowedValues(def: PropertyDefinition): string[] {
  const kind = valueKindOf(def.valueType);
  if (!def.allowedValues || kind === undefined) return [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { value } of def.allowedValues as { value: Primitive }[]) {
    const shown = formatPrimitive(value);
    if (seen.has(shown)) problems.push(`allowed value ${shown} is listed twice`);
    seen.add(shown);
    if (kind === 'number' && value.double === undefined) problems.push(`allowed value ${shown} must be a number ({"double": n}) for value type ${def.valueType}`);
    if (kind !== 'number' && value.string === undefined) problems.push(`allowed value ${shown} must be a string ({"string": s}) for value type ${def.valueType}`);
    if (kind === 'date' && value.string !== undefined && !isValidDate(value.string)) problems.push(`allowed value ${shown} must be a date with format YYYY-MM-DD`);
    if (kind === 'urn' && value.string !== undefined && urnTypeOf(value.string) === undefined) problems.push(`allowed value ${shown} must be an urn`);
  }
  return problems;
}

/** Rules that need nothing but the definition and the id of its urn. */
export function checkDefinitionShape(urnId: string, def: PropertyDefinition): string[] {
  const problems: string[] = [];
  if (/\s/.test(urnId)) problems.push(`Urn ID cannot have spaces: '${urnId}'`);
  if (def.qualifiedName === '') problems.push('qualifiedName is required');
  else if (/\s/.test(def.qualifiedName)) problems.push(`Qualified names cannot have spaces: '${def.qualifiedName}'`);
  else if (def.qualifiedName !== urnId) problems.push(`qualifiedName '${def.qualifiedName}' must equal the id of the property urn ('${urnId}')`);
  if (esFieldWord(def.qualifiedName) === '_versioned') problems.push(`qualifiedName '${def.qualifiedName}' is reserved`);
  if (def.cardinality === undefined) problems.push('cardinality is required (SINGLE or MULTIPLE)');
  if (def.version !== undefined && !VERSION_PATTERN.test(def.version)) problems.push(`Invalid version specified. Must match [0-9]{14} (yyyyMMddhhmmss), got '${def.version}'`);
  if (urnTypeOf(def.valueType) !== 'dataType') problems.push(`valueType must be a value type urn such as urn:li:dataType:service.string, got ${def.valueType}`);
  if (def.entityTypes.length === 0) problems.push('entityTypes must name at least one entity type');
  for (const t of def.entityTypes) if (urnTypeOf(t) !== 'entityType') problems.push(`entityTypes: ${t} is not an entity type urn (urn:li:entityType:service.<type>)`);
  const qualifier = def.typeQualifier ?? {};
  for (const key of Object.keys(qualifier)) if (key !== 'allowedTypes') problems.push(`typeQualifier: unknown key '${key}' (only allowedTypes)`);
  for (const t of qualifier.allowedTypes ?? []) if (urnTypeOf(t) !== 'entityType') problems.push(`typeQualifier.allowedTypes: ${t} is not an entity type urn`);
  for (const p of def.allowedPlatforms ?? []) if (urnTypeOf(p) !== 'dataPlatform') problems.push(`allowedPlatforms: ${p} is not a data platform urn`);
  problems.push(...checkAllowedValues(def));
  return problems;
}

/** A new version permits breaking changes only when it sorts after the stored one (or none was stored). */
export function isVersionBump(prev: PropertyDefinition, next: PropertyDefinition): boolean {
  if (next.version === undefined) return false;
  return prev.version === undefined || next.version.toLowerCase() > prev.version.toLowerCase();
}

const allowedKeys = (def: PropertyDefinition) => (def.allowedValues ?? []).map((a) => formatPrimitive(a.value as Primitive));

/** What an update would break for values already written; empty when the change is compatible or versioned. */
export function breakingChanges(prev: PropertyDefinition, next: PropertyDefinition): string[] {
  const problems: string[] = [];
  if (prev.qualifiedName !== next.qualifiedName) problems.push(`Cannot change the fully qualified name of a Structured Property (from '${prev.qualifiedName}' to '${next.qualifiedName}')`);
  // Every stored value is tied to its version: dropping or lowering it would silently hide them all.
  if (prev.version !== undefined && next.version === undefined) problems.push(`version cannot be removed from a versioned property (stored version ${prev.version})`);
  else if (prev.version !== undefined && next.version !== undefined && next.version.toLowerCase() < prev.version.toLowerCase()) {
    problems.push(`version ${next.version} is lower than the stored version ${prev.version}`);
  }
  if (isVersionBump(prev, next)) return problems;
  const breaking: string[] = [];
  if (canonicalBrandUrn(prev.valueType) !== canonicalBrandUrn(next.valueType)) {
    breaking.push(`Value type cannot be changed as this is a backwards incompatible change (from ${prev.valueType} to ${next.valueType})`);
  }
  if ((prev.cardinality ?? 'SINGLE') === 'MULTIPLE' && (next.cardinality ?? 'SINGLE') === 'SINGLE') {
    breaking.push('Property definition cardinality cannot be changed from MULTIPLE to SINGLE');
  }
  const before = allowedKeys(prev);
  const after = allowedKeys(next);
  if (before.length === 0 && after.length > 0) breaking.push('Cannot restrict values that were previously allowed: allowedValues added where none existed');
  else if (after.length > 0) {
    for (const v of before) if (!after.includes(v)) breaking.push(`Cannot restrict values that were previously allowed: allowed value ${v} was removed`);
  }
  const needs = prev.version === undefined ? 'a version (14 digits, yyyyMMddhhmmss)' : `a version higher than ${prev.version}`;
  return [...problems, ...breaking.map((b) => `${b}; a breaking change needs ${needs}`)];
}
