/** Pure checks of structured property values against a definition; every message names the property and the offending value. */
import { entityTypeUrnToName } from '../../model/entity-types.js';
import { formatJavaDouble } from '../../model/java-double.js';
import { parseUrn } from '../../model/urn.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { valueKindOf, type Assignment } from '../definitions.js';
import { calendarDayMillis } from '../../model/calendar-day.js';

/** The longest keyword OpenSearch (Lucene) indexes: longer string values could never be searched. */
export const MAX_VALUE_BYTES = 32_766;

export type Primitive = { string?: string; double?: number };

/** `{string=baz}` / `{double=30.0}`: the original's rendering, which clients match in messages. */
export function formatPrimitive(v: Primitive): string {
  return v.double !== undefined ? `{double=${formatJavaDouble(v.double)}}` : `{string=${v.string}}`;
}

/** How much of a long string value a message shows. */
const SHOWN_CHARS = 100;

/**
 * A value as refusals show it: the original's spelling, a long string cut to its first characters and its length (a
 * refused 5,000-character value must not push the rule out of a message bounded at 4,000 characters).
 */
export function shownPrimitive(v: Primitive): string {
  if (v.string === undefined || v.string.length <= SHOWN_CHARS) return formatPrimitive(v);
  return `{string=${v.string.slice(0, SHOWN_CHARS)}… (${v.string.length} characters)}`;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number property also takes a string that reads as a number, as the original does. */
export function numberOf(v: Primitive): number | undefined {
  if (v.double !== undefined) return v.double;
  const s = (v.string ?? '').trim();
  return NUMERIC.test(s) ? Number(s) : undefined;
}

/** `YYYY-MM-DD`, a real calendar day between 1000-01-01 and 9999-12-31. */
export function isValidDate(s: string): boolean {
  return calendarDayMillis(s) !== undefined && Number(s.slice(0, 4)) >= 1000;
}

function isUrn(s: string): boolean {
  try {
    parseUrn(s);
    return true;
  } catch {
    return false;
  }
}

/** The type rule of one value; undefined when it fits. */
export function checkValueType(propertyUrn: string, def: PropertyDefinition, v: Primitive): string | undefined {
  const head = `Property: ${propertyUrn}, value: ${shownPrimitive(v)}`;
  const kind = valueKindOf(def.valueType);
  if (kind === undefined) return `Validation support for type ${def.valueType} is not yet implemented.`;
  if (kind === 'number') return numberOf(v) === undefined || !Number.isFinite(numberOf(v)) ? `${head} should be a number` : undefined;
  if (v.string === undefined) return `${head} should be a string`;
  const bytes = Buffer.byteLength(v.string, 'utf8');
  if (bytes > MAX_VALUE_BYTES) return `Property: ${propertyUrn}, value is ${bytes} bytes which exceeds the maximum of ${MAX_VALUE_BYTES} UTF-8 bytes`;
  if (kind === 'date' && !isValidDate(v.string)) return `${head} should be a date with format YYYY-MM-DD`;
  if (kind === 'urn') {
    if (!isUrn(v.string)) return `${head} should be an urn`;
    const allowed = def.typeQualifier?.allowedTypes;
    if (allowed && allowed.length > 0) {
      const type = parseUrn(v.string).entityType.toLowerCase();
      if (!allowed.some((t) => (entityTypeUrnToName(t) ?? t).toLowerCase() === type)) return `${head} is not of any supported urn types: [${allowed.join(', ')}]`;
    }
  }
  return undefined;
}

function sameAllowed(kind: string | undefined, v: Primitive, allowed: Primitive): boolean {
  if (kind === 'number') return allowed.double !== undefined && numberOf(v) === allowed.double;
  return allowed.string !== undefined && v.string === allowed.string;
}

export function checkAllowedValue(propertyUrn: string, def: PropertyDefinition, v: Primitive): string | undefined {
  const allowed = def.allowedValues;
  if (!allowed || allowed.length === 0) return undefined;
  const kind = valueKindOf(def.valueType);
  if (allowed.some((a) => sameAllowed(kind, v, a.value))) return undefined;
  return `Property: ${propertyUrn}, value: ${shownPrimitive(v)} should be one of [${allowed.map((a) => formatPrimitive(a.value)).join(', ')}]`;
}

/** The data platform an entity belongs to, read from its urn; undefined for entities without one. */
export function platformOfUrn(urn: string): string | undefined {
  const u = parseUrn(urn);
  switch (u.entityType) {
    case 'dataset':
      return u.parts[0];
    case 'schemaField':
      return platformOfUrn(u.parts[0]);
    case 'dataFlow':
      return `urn:li:dataPlatform:${u.parts[0]}`;
    case 'dataJob':
      return platformOfUrn(u.parts[0]);
    default:
      return undefined;
  }
}

export interface AssignmentTarget {
  entityType: string;
  urn: string;
}

/** Every rule of one new or changed assignment (the definition is live and not soft deleted). */
export function checkAssignment(def: PropertyDefinition, a: Assignment, target: AssignmentTarget): string[] {
  const urn = a.propertyUrn;
  const problems: string[] = [];
  const types = def.entityTypes.map((t) => entityTypeUrnToName(t) ?? t);
  if (!types.includes(target.entityType)) {
    problems.push(`Property: ${urn} cannot be set on ${target.urn}: entity type ${target.entityType} is not one of its entityTypes [${types.join(', ')}]`);
  }
  if ((def.cardinality ?? 'SINGLE') === 'SINGLE' && a.values.length > 1) {
    problems.push(`Property: ${urn} has cardinality 1, but multiple values were assigned: [${a.values.map(formatPrimitive).join(', ')}]`);
  }
  if (def.allowedPlatforms && def.allowedPlatforms.length > 0) {
    const platform = platformOfUrn(target.urn);
    if (!platform) problems.push(`Property: ${urn} is restricted to data platforms [${def.allowedPlatforms.join(', ')}], but ${target.urn} does not have a data platform.`);
    else if (!def.allowedPlatforms.includes(platform)) problems.push(`Property: ${urn} is restricted to data platforms [${def.allowedPlatforms.join(', ')}], but ${target.urn} belongs to platform ${platform}`);
  }
  for (const v of a.values) {
    const typeProblem = checkValueType(urn, def, v);
    if (typeProblem) problems.push(typeProblem);
    else {
      const allowedProblem = checkAllowedValue(urn, def, v);
      if (allowedProblem) problems.push(allowedProblem);
    }
  }
  return problems;
}

/** The same property twice in one aspect is ambiguous: refuse it, naming the entries. */
export function checkDuplicates(assignments: Assignment[]): string[] {
  const byUrn = new Map<string, Assignment[]>();
  for (const a of assignments) byUrn.set(a.propertyUrn, [...(byUrn.get(a.propertyUrn) ?? []), a]);
  return [...byUrn.entries()]
    .filter(([, list]) => list.length > 1)
    .map(([urn, list]) => `Property: ${urn} has multiple entries: [${list.map((a) => `[${a.values.map(formatPrimitive).join(', ')}]`).join(', ')}]`);
}

export function checkPropertyUrn(propertyUrn: string): string | undefined {
  let type: string;
  try {
    type = parseUrn(propertyUrn).entityType;
  } catch {
    return `Invalid property urn ${propertyUrn}`;
  }
  return type === 'structuredProperty' ? undefined : `Unexpected entity type. Expected: structuredProperty Found: ${type} (${propertyUrn})`;
}
