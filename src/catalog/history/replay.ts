/**
 * Rebuilds an entity's aspects from its change records, oldest first: what `asOf` answers, and what the history
 * tests check against the stored aspects. The inverse of `aspect-differs.ts`.
 */
import { changesSomething, type ChangeRecord } from './change-record.js';
import { SPLIT_ASPECT_LISTS } from './aspect-differs.js';

type Obj = Record<string, any>;

/** 365 → {double: 365}, 'x' → {string: 'x'}. */
const storedValues = (values: unknown): Obj[] => (Array.isArray(values) ? values.map((v) => (typeof v === 'number' ? { double: v } : { string: String(v) })) : []);

/** The element a record adds or changes, as the aspect stores it. */
function elementOf(r: ChangeRecord): Obj {
  if (r.element) return r.element;
  if (r.category === 'TAG') return { tag: r.after };
  if (r.category === 'GLOSSARY_TERM') return { urn: r.after };
  return { propertyUrn: r.modifier, values: storedValues(r.after) };
}

const KEY_OF: Record<string, string> = { TAG: 'tag', GLOSSARY_TERM: 'urn', STRUCTURED_PROPERTY: 'propertyUrn' };

/** Adds, replaces (in place) or removes the element keyed `modifier` in `list`. */
function upsertIn(list: Obj[], key: string, r: ChangeRecord): Obj[] {
  const at = list.findIndex((e) => e[key] === r.modifier);
  if (r.operation === 'REMOVE') return at < 0 ? list : list.filter((_, i) => i !== at);
  const element = elementOf(r);
  if (at < 0) return [...list, element];
  return list.map((e, i) => (i === at ? element : e));
}

function applyToColumn(aspect: Obj, r: ChangeRecord): void {
  const fields: Obj[] = (aspect.editableSchemaFieldInfo ??= []);
  let field = fields.find((f) => f.fieldPath === r.fieldPath);
  if (!field) fields.push((field = { fieldPath: r.fieldPath }));
  if (r.category === 'DOCUMENTATION') {
    if (r.operation === 'REMOVE') delete field.description;
    else field.description = r.after;
  } else if (r.category === 'TAG') {
    field.globalTags = { ...field.globalTags, tags: upsertIn(field.globalTags?.tags ?? [], 'tag', r) };
  } else if (r.category === 'GLOSSARY_TERM') {
    field.glossaryTerms = { ...field.glossaryTerms, terms: upsertIn(field.glossaryTerms?.terms ?? [], 'urn', r) };
  }
}

/** Applies one record to `aspects` (aspect name → value), in place. */
export function applyRecord(aspects: Obj, r: ChangeRecord): void {
  if (!changesSomething(r)) return;
  if (r.operation === 'HARD_DELETE') {
    for (const k of Object.keys(aspects)) delete aspects[k];
    return;
  }
  const list = SPLIT_ASPECT_LISTS[r.aspect];
  if (!list && r.path) {
    let at: Obj = (aspects[r.aspect] ??= {});
    for (const key of r.path.slice(0, -1)) at = at[key] ??= {};
    const last = r.path[r.path.length - 1];
    if (r.after === undefined) delete at[last];
    else at[last] = structuredClone(r.after);
    return;
  }
  if (!list) {
    if (r.after === undefined) delete aspects[r.aspect];
    else aspects[r.aspect] = structuredClone(r.after);
    return;
  }
  if (r.category === 'ASPECT') {
    if (r.operation === 'REMOVE') delete aspects[r.aspect];
    else aspects[r.aspect] = { ...(structuredClone(r.after) as Obj), [list]: aspects[r.aspect]?.[list] ?? [] };
    return;
  }
  const aspect: Obj = (aspects[r.aspect] ??= { [list]: [] });
  if (r.fieldPath !== undefined && r.aspect === 'editableSchemaMetadata') applyToColumn(aspect, r);
  else aspect[list] = upsertIn(aspect[list] ?? [], KEY_OF[r.category], r);
}

/** The aspects the records leave, applied oldest first. */
export function replay(records: Iterable<ChangeRecord>): Obj {
  const aspects: Obj = {};
  for (const r of records) applyRecord(aspects, r);
  return aspects;
}
