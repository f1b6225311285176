/**
 * What changed in an aspect, field by field: tags and terms by URN, property values by property (typed: 365 stays
 * 365), column tags, terms and descriptions by column, soft deletes and restores. Every other aspect is one record
 * carrying its whole value before and after. `replay.ts` applies the same records the other way, so the two must agree.
 */
import { dequal } from 'dequal';
import type { ChangeCategory, FieldChange } from './change-record.js';

type Obj = Record<string, any>;

/** The category of aspects without a differ of their own, recorded field by field (the rest are `ASPECT`). */
const WHOLE_ASPECT_CATEGORY: Record<string, ChangeCategory> = {
  propertyDefinition: 'DEFINITION',
  structuredPropertySettings: 'DEFINITION',
  structuredPropertyConstraints: 'DEFINITION',
  labelPropagation: 'DEFINITION',
  tagProperties: 'DEFINITION',
  schemaMetadata: 'TECHNICAL_SCHEMA',
  ownership: 'OWNER',
  editableDatasetProperties: 'DOCUMENTATION',
};

/** `{string: s}` / `{double: n}` → s / n. */
export const typedValues = (values: unknown): unknown[] => (Array.isArray(values) ? values.map((v: Obj) => ('double' in v ? v.double : v.string)) : []);

/** The elements of a list keyed by one of their fields, in order. */
function keyed(list: unknown, key: string): Map<string, Obj> {
  const out = new Map<string, Obj>();
  if (Array.isArray(list)) for (const e of list) if (e && typeof e[key] === 'string') out.set(e[key], e);
  return out;
}

/** What an element holds besides its key and the value a record carries (kept so replay rebuilds it exactly). */
function extra(element: Obj | undefined, ...known: string[]): Obj | undefined {
  if (!element) return undefined;
  return Object.keys(element).some((k) => !known.includes(k)) ? element : undefined;
}

/** ADD / MODIFY / REMOVE of keyed elements (tags by `tag`, terms by `urn`, property values by `propertyUrn`). */
function diffKeyed(
  base: Omit<FieldChange, 'operation' | 'modifier'>,
  before: unknown,
  after: unknown,
  key: string,
  valueOf: (e: Obj) => unknown,
  known: string[],
): FieldChange[] {
  const was = keyed(before, key);
  const now = keyed(after, key);
  const out: FieldChange[] = [];
  for (const [k, e] of was) {
    if (!now.has(k)) out.push({ ...base, operation: 'REMOVE', modifier: k, before: valueOf(e) });
  }
  for (const [k, e] of now) {
    const old = was.get(k);
    const element = extra(e, key, ...known);
    if (!old) out.push({ ...base, operation: 'ADD', modifier: k, after: valueOf(e), ...(element && { element }) });
    else if (!dequal(old, e)) out.push({ ...base, operation: 'MODIFY', modifier: k, before: valueOf(old), after: valueOf(e), ...(element && { element }) });
  }
  return out;
}

const tagList = (v: unknown) => (v as Obj | undefined)?.tags;
const termList = (v: unknown) => (v as Obj | undefined)?.terms;
const tagsOf = (aspect: string, fieldPath: string | undefined, before: unknown, after: unknown) =>
  diffKeyed({ aspect, category: 'TAG', ...(fieldPath !== undefined && { fieldPath }) }, tagList(before), tagList(after), 'tag', (e) => e.tag, []);
const termsOf = (aspect: string, fieldPath: string | undefined, before: unknown, after: unknown) =>
  diffKeyed({ aspect, category: 'GLOSSARY_TERM', ...(fieldPath !== undefined && { fieldPath }) }, termList(before), termList(after), 'urn', (e) => e.urn, []);

/** The value of a split aspect without the list its differ follows element by element. */
const restOf = (v: unknown, key: string): Obj | undefined => (v === undefined ? undefined : Object.fromEntries(Object.entries(v as Obj).filter(([k]) => k !== key)));

/** The list each split aspect's differ follows element by element (`replay.ts` rebuilds it). */
export const SPLIT_ASPECT_LISTS: Readonly<Record<string, string>> = {
  globalTags: 'tags',
  glossaryTerms: 'terms',
  structuredProperties: 'properties',
  editableSchemaMetadata: 'editableSchemaFieldInfo',
};

function diffColumns(aspect: string, before: unknown, after: unknown): FieldChange[] {
  const was = keyed((before as Obj | undefined)?.editableSchemaFieldInfo, 'fieldPath');
  const now = keyed((after as Obj | undefined)?.editableSchemaFieldInfo, 'fieldPath');
  const out: FieldChange[] = [];
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(path);
    const b = now.get(path);
    out.push(...tagsOf(aspect, path, a?.globalTags, b?.globalTags), ...termsOf(aspect, path, a?.glossaryTerms, b?.glossaryTerms));
    if (a?.description !== b?.description) {
      const operation = a?.description === undefined ? 'ADD' : b?.description === undefined ? 'REMOVE' : 'MODIFY';
      out.push({ aspect, category: 'DOCUMENTATION', operation, fieldPath: path, modifier: 'description', ...(a?.description !== undefined && { before: a.description }), ...(b?.description !== undefined && { after: b.description }) });
    }
  }
  return out;
}

function diffStatus(before: unknown, after: unknown): FieldChange[] {
  const was = (before as Obj | undefined)?.removed === true;
  const now = (after as Obj | undefined)?.removed === true;
  const operation = !was && now ? 'SOFT_DELETE' : was && !now ? 'RESTORE' : before === undefined ? 'ADD' : after === undefined ? 'REMOVE' : 'MODIFY';
  return [{ aspect: 'status', category: 'STATUS', operation, ...(before !== undefined && { before }), ...(after !== undefined && { after }) }];
}

const isMap = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An aspect without a differ of its own, field by field: a top-level field that changed is one record, and a map field
 * (customProperties) one record per key — so a record holds what changed, not the whole aspect twice. An aspect that
 * appears or goes away is one record holding its whole value.
 */
function byField(aspect: string, before: unknown, after: unknown): FieldChange[] {
  const category = WHOLE_ASPECT_CATEGORY[aspect] ?? 'ASPECT';
  const opOf = (b: unknown, a: unknown) => (b === undefined ? 'ADD' : a === undefined ? 'REMOVE' : 'MODIFY');
  if (!isMap(before) || !isMap(after)) return [{ aspect, category, operation: opOf(before, after), ...(before !== undefined && { before }), ...(after !== undefined && { after }) }];
  const out: FieldChange[] = [];
  const change = (path: string[], b: unknown, a: unknown) =>
    out.push({ aspect, category, operation: opOf(b, a), modifier: path.join('.'), path, ...(b !== undefined && { before: b }), ...(a !== undefined && { after: a }) });
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[key], after[key]];
    if (dequal(b, a)) continue;
    if (isMap(b) && isMap(a)) {
      for (const sub of new Set([...Object.keys(b), ...Object.keys(a)])) if (!dequal(b[sub], a[sub])) change([key, sub], b[sub], a[sub]);
    } else change([key], b, a);
  }
  return out;
}

/**
 * The field changes between two values of one aspect (undefined: absent). Equal values change nothing; a split aspect
 * whose elements are unchanged but whose other fields changed (audit stamps), or that appears empty or goes away, gets
 * one `ASPECT` record for that rest.
 */
export function diffAspect(aspect: string, before: unknown, after: unknown): FieldChange[] {
  if (dequal(before, after)) return [];
  const list = SPLIT_ASPECT_LISTS[aspect];
  if (!list) return aspect === 'status' ? diffStatus(before, after) : byField(aspect, before, after);
  const changes =
    aspect === 'globalTags'
      ? tagsOf(aspect, undefined, before, after)
      : aspect === 'glossaryTerms'
        ? termsOf(aspect, undefined, before, after)
        : aspect === 'structuredProperties'
          ? diffKeyed({ aspect, category: 'STRUCTURED_PROPERTY' }, (before as Obj | undefined)?.properties, (after as Obj | undefined)?.properties, 'propertyUrn', (e) => typedValues(e.values), ['values'])
          : diffColumns(aspect, before, after);
  const [was, now] = [restOf(before, list), restOf(after, list)];
  const appearsEmpty = before === undefined && changes.length === 0;
  if (!dequal(was ?? {}, now ?? {}) || after === undefined || appearsEmpty) {
    const operation = before === undefined ? 'ADD' : after === undefined ? 'REMOVE' : 'MODIFY';
    changes.push({ aspect, category: 'ASPECT', operation, ...(was !== undefined && { before: was }), ...(now !== undefined && { after: now }) });
  }
  return changes;
}
