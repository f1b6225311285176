/** Parses, formats and percent-encodes URNs of the catalog's entity types. Pure functions, no I/O. */
import { invalidUrn } from '../errors.js';
import { FABRIC_TYPES } from './fabric-types.js';
import { findEntityType, keyOf, type KeyField } from './entity-types.js';

/** A parsed URN. Shared by every caller that parses the same text (see `parseUrn`), so never changed. */
export interface Urn {
  /** Entity type word as written in the URN (`dataset`, `schemaField`, …). */
  readonly entityType: string;
  /** Everything after the entity type, e.g. `(urn:li:dataPlatform:hive,db.t,PROD)` or `deprecated`. */
  readonly id: string;
  /** Top-level parts of a tuple id, or `[id]` for a plain one. */
  readonly parts: readonly string[];
  readonly raw: string;
}

export { FABRIC_TYPES };

/** Splits `(a,(b,c),d)` into `['a', '(b,c)', 'd']`, respecting nested parentheses. */
export function splitTuple(id: string, raw: string): string[] {
  if (!id.startsWith('(')) return [id];
  if (!id.endsWith(')')) throw invalidUrn(`Invalid urn: ${raw}: unbalanced parentheses`);
  const inner = id.slice(1, -1);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) throw invalidUrn(`Invalid urn: ${raw}: unbalanced parentheses`);
    } else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw invalidUrn(`Invalid urn: ${raw}: unbalanced parentheses`);
  parts.push(inner.slice(start));
  return parts;
}

/** The longest URN accepted, counted percent-encoded as it travels in a path (setting MAX_URN_LENGTH). */
export const DEFAULT_MAX_URN_LENGTH = 512;
let maxUrnLength = DEFAULT_MAX_URN_LENGTH;

/** Set once by the composition root from the configuration; every interface parses URNs through parseUrn. */
export function setMaxUrnLength(n: number): void {
  maxUrnLength = n;
  parsed.clear();
}

/**
 * URNs parsed lately, by text, and whether their shape was checked: a page parses the same few again and again (each
 * property value names its definition, each hit its platform), and a parse checks every character. Callers share an
 * entry (its type is read-only). Bounded in number and length; the whole map is dropped when full. Refusals are not kept.
 */
const parsed = new Map<string, { urn: Urn; shapeChecked: boolean }>();
const PARSED_MAX = 4096;

const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function parseUrn(raw: unknown): Urn {
  const known = typeof raw === 'string' ? parsed.get(raw) : undefined;
  if (known) return known.urn;
  const urn = parseFresh(raw);
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(urn.raw, { urn, shapeChecked: false });
  return urn;
}

/** Printable ASCII only: no control character, no surrogate, at most 3 characters each percent-encoded. */
const PRINTABLE_ASCII = /^[\u0020-\u007e]+$/;

function parseFresh(raw: unknown): Urn {
  if (typeof raw !== 'string' || raw.length === 0) throw invalidUrn('Invalid urn: an urn must be a non-empty string');
  if (!(PRINTABLE_ASCII.test(raw) && raw.length * 3 <= maxUrnLength)) checkCharacters(raw);
  const m = /^urn:li:([A-Za-z][A-Za-z0-9_]*):(.+)$/s.exec(raw);
  if (!m) throw invalidUrn(`Invalid urn: ${raw}: expected urn:li:<entityType>:<id>`);
  const [, entityType, id] = m;
  return { entityType, id, parts: splitTuple(id, raw), raw };
}

/** Refuses control characters, unpaired surrogates and URNs longer than the limit once percent-encoded. */
function checkCharacters(raw: string): void {
  const control = CONTROL.exec(raw);
  if (control) {
    const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw invalidUrn(`Invalid urn: control character ${code} at position ${control.index}; urns may not contain U+0000–U+001F or U+007F`);
  }
  const lone = LONE_SURROGATE.exec(raw);
  if (lone) throw invalidUrn(`Invalid urn: unpaired surrogate U+${lone[0].charCodeAt(0).toString(16).toUpperCase()} at position ${lone.index}; urns must be well-formed Unicode`);
  if (raw.length > maxUrnLength || encodedLength(raw) > maxUrnLength) {
    throw invalidUrn(`Invalid urn: ${encodeUrn(raw).length} characters percent-encoded, more than the limit of ${maxUrnLength} (setting MAX_URN_LENGTH)`);
  }
}

/** Checks the tuple arity and nested URNs of the entity types whose ids are tuples. */
export function validateUrnShape(urn: Urn): void {
  const known = parsed.get(urn.raw);
  if (known?.urn === urn && known.shapeChecked) return;
  checkShape(urn);
  if (known?.urn === urn) known.shapeChecked = true;
}

function checkShape(urn: Urn): void {
  const bad = (why: string) => invalidUrn(`Invalid urn: ${urn.raw}: ${why}`);
  switch (urn.entityType) {
    case 'dataset': {
      if (urn.parts.length < 3) throw bad('expected urn:li:dataset:(urn:li:dataPlatform:<platform>,<name>,<ENV>)');
      const platform = urn.parts[0];
      if (!/^urn:li:dataPlatform:[^,()]+$/.test(platform)) throw bad(`platform must be urn:li:dataPlatform:<name>, got ${platform}`);
      const env = urn.parts[urn.parts.length - 1];
      if (!(FABRIC_TYPES as readonly string[]).includes(env)) throw bad(`unknown environment ${env}; one of ${FABRIC_TYPES.join(', ')}`);
      if (urn.parts.slice(1, -1).join(',').length === 0) throw bad('empty dataset name');
      return;
    }
    case 'schemaField': {
      if (urn.parts.length < 2) throw bad('expected urn:li:schemaField:(<parent urn>,<field path>)');
      const parent = parseUrn(urn.parts[0]);
      validateUrnShape(parent);
      if (urn.parts.slice(1).join(',').length === 0) throw bad('empty field path');
      return;
    }
    case 'dataFlow':
      if (urn.parts.length !== 3 || urn.parts.some((p) => p.length === 0)) throw bad('expected urn:li:dataFlow:(<orchestrator>,<flow id>,<cluster>)');
      return;
    case 'dataJob': {
      if (urn.parts.length !== 2 || !urn.parts[1]) throw bad('expected urn:li:dataJob:(<data flow urn>,<job id>)');
      const flow = parseUrn(urn.parts[0]);
      if (flow.entityType !== 'dataFlow') throw bad('the first part must be a dataFlow urn');
      validateUrnShape(flow);
      return;
    }
    default: {
      if (urn.id.startsWith('(') && urn.parts.some((p) => p.length === 0)) throw bad('empty tuple part');
      const def = findEntityType(urn.entityType);
      if (def && def.key.length > 1) checkKeyParts(urn, def.key, def.urnShape, bad);
    }
  }
}

/** A tuple id against its key fields (registry/entities.json): arity, nested URNs of their type, environments. */
function checkKeyParts(urn: Urn, key: readonly KeyField[], shape: string, bad: (why: string) => Error): void {
  const hasRest = key.some((k) => k.rest);
  if (!urn.id.startsWith('(') || (hasRest ? urn.parts.length < key.length : urn.parts.length !== key.length)) throw bad(`expected ${shape}`);
  const value = keyOf(key, urn);
  for (const k of key) {
    const part = String(value[k.field]);
    if (k.kind === 'fabric' && !(FABRIC_TYPES as readonly string[]).includes(part)) throw bad(`unknown environment ${part}; one of ${FABRIC_TYPES.join(', ')}`);
    if (k.kind === 'urn') {
      const nested = parseUrn(part);
      if (k.entityType && nested.entityType !== k.entityType) throw bad(`${k.field} must be a ${k.entityType} urn, got ${part}`);
      validateUrnShape(nested);
    }
  }
}

/** Parses and shape-checks in one step; the usual entry for user input. */
export function parseEntityUrn(raw: unknown): Urn {
  const urn = parseUrn(raw);
  validateUrnShape(urn);
  return urn;
}

export const datasetUrn = (platform: string, name: string, env = 'PROD') =>
  `urn:li:dataset:(${platform.startsWith('urn:li:dataPlatform:') ? platform : `urn:li:dataPlatform:${platform}`},${name},${env})`;
export const schemaFieldUrn = (parent: string, fieldPath: string) => `urn:li:schemaField:(${parent},${fieldPath})`;
export const tagUrn = (id: string) => `urn:li:tag:${id}`;
export const structuredPropertyUrn = (id: string) => `urn:li:structuredProperty:${id}`;

/** Characters a path segment keeps as they are; everything else travels percent-encoded. */
const UNRESERVED = /^[A-Za-z0-9_.~-]*$/;

/** The length of `encodeUrn(urn)`, counted without building it (every URN that reaches a resolver is checked). */
export function encodedLength(urn: string): number {
  if (UNRESERVED.test(urn)) return urn.length;
  let n = 0;
  for (let i = 0; i < urn.length; i++) {
    const c = urn.charCodeAt(i);
    if (c < 0x80) n += (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e ? 1 : 3;
    else if (c < 0x800) n += 6;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < urn.length && (urn.charCodeAt(i + 1) & 0xfc00) === 0xdc00) (n += 12), i++;
    else n += 9;
  }
  return n;
}

/** Percent-encodes a URN for a path segment, including the characters encodeURIComponent leaves alone. */
export function encodeUrn(urn: string): string {
  return encodeURIComponent(urn).replace(/[()!'*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The original's brand word is accepted wherever the neutral `service.` is expected. */
export function canonicalBrandUrn(urn: string): string {
  return urn.replace(/^(urn:li:(?:dataType|entityType):)datahub\./, '$1service.');
}

/** The registry's name of a URN's entity type (`dataJob` for `urn:li:datajob:…`), or the URN's own word for a type it does not know. */
export function entityTypeOfUrn(urn: string): string {
  const t = parseUrn(urn).entityType;
  return findEntityType(t)?.name ?? t;
}
