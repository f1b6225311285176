/**
 * JSON patch with array primary keys, the one patch engine behind every PATCH path.
 * Keyed arrays are turned into nested objects (`/properties/<urn>` addresses an entry by key),
 * the operations are applied, and the objects are flattened back: existing entries keep their order, new ones are appended.
 */
import { dequal } from 'dequal';
import { z } from 'zod';
import { validationError } from '../errors.js';
import { FINE_GRAINED, fineFromTree, fineToTree } from './fine-grained-patch.js';

export const KEY_PATH_SEPARATOR = '\u241F';

export const PatchOpSchema = z.strictObject({
  op: z.enum(['add', 'remove', 'replace', 'copy', 'move', 'test']),
  path: z.string().startsWith('/', 'path must start with /').or(z.literal('')),
  from: z.string().optional(),
  value: z.unknown().optional(),
});
export type PatchOp = z.infer<typeof PatchOpSchema>;

export const PatchBodySchema = z.union([
  z.array(PatchOpSchema),
  z.strictObject({
    patch: z.array(PatchOpSchema),
    arrayPrimaryKeys: z.record(z.string(), z.array(z.string())).optional(),
    forceGenericPatch: z.boolean().optional(),
  }),
]);
export type PatchBody = z.infer<typeof PatchBodySchema>;

type Obj = Record<string, any>;
type KeyFn = (item: any) => string[];

/** A keyed array inside each item of a keyed array (a column's tags): where it is in the item, its key fields, and what the record holding it needs when a patch creates it. */
interface NestedArray {
  path: [string, string];
  fields: string[];
  holderDefaults?: () => Obj;
}

interface AspectTemplate {
  empty: () => Obj;
  keys: Record<string, KeyFn>;
  /** The key fields of the top-level arrays that name them (put back into items a patch creates by key). */
  keyNames?: Record<string, string[]>;
  /** Keyed arrays inside the items of a top-level keyed array. */
  nested?: Record<string, NestedArray[]>;
}

const byFields = (fields: string[]): KeyFn => (item) =>
  fields.map((f) => {
    let v: any = item;
    for (const seg of f.split(KEY_PATH_SEPARATOR)) v = v?.[seg];
    return v === undefined || v === null ? '' : String(v);
  });
const self: KeyFn = (item) => [String(item)];

/** Who a default audit stamp names when a patch creates an aspect that needs one (the original's system actor). */
const SYSTEM_STAMP = () => ({ time: Date.now(), actor: 'urn:li:corpuser:__datahub_system' });

/** Per-aspect defaults: the starting value when the aspect is absent and the keys of its arrays. */
const TEMPLATES: Record<string, AspectTemplate> = {
  glossaryTerms: { empty: () => ({ terms: [], auditStamp: SYSTEM_STAMP() }), keys: { terms: byFields(['urn']) } },
  ownership: { empty: () => ({ owners: [], ownerTypes: {}, lastModified: SYSTEM_STAMP() }), keys: {} },
  domains: { empty: () => ({ domains: [] }), keys: { domains: self } },
  siblings: { empty: () => ({ siblings: [], primary: false }), keys: { siblings: self } },
  institutionalMemory: { empty: () => ({ elements: [] }), keys: { elements: byFields(['url']) } },
  globalTags: { empty: () => ({ tags: [] }), keys: { tags: byFields(['tag']) } },
  structuredProperties: { empty: () => ({ properties: [] }), keys: { properties: byFields(['propertyUrn']) } },
  editableSchemaMetadata: {
    empty: () => ({ editableSchemaFieldInfo: [] }),
    keys: { editableSchemaFieldInfo: byFields(['fieldPath']) },
    keyNames: { editableSchemaFieldInfo: ['fieldPath'] },
    // `/editableSchemaFieldInfo/<column>/globalTags/tags/<tag>` and `…/glossaryTerms/terms/<term>`, as the original's client writes them.
    nested: {
      editableSchemaFieldInfo: [
        { path: ['globalTags', 'tags'], fields: ['tag'] },
        { path: ['glossaryTerms', 'terms'], fields: ['urn'], holderDefaults: () => ({ auditStamp: SYSTEM_STAMP() }) },
      ],
    },
  },
  datasetProperties: { empty: () => ({ customProperties: {}, tags: [] }), keys: {} },
  upstreamLineage: { empty: () => ({ upstreams: [] }), keys: { upstreams: byFields(['dataset']) } },
  propertyDefinition: {
    empty: () => ({ qualifiedName: '', valueType: 'urn:li:dataType:service.string', entityTypes: [] }),
    keys: { entityTypes: self, allowedPlatforms: self, allowedValues: (item) => [String(item?.value?.string ?? item?.value?.double ?? '')] },
  },
};

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
/** Segments that would reach an object's prototype instead of its data. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

function parsePointer(p: string): string[] {
  const segs = p === '' ? [] : p.slice(1).split('/').map(unescape);
  const bad = segs.find((s) => FORBIDDEN_SEGMENTS.has(s));
  if (bad) throw validationError(`PATCH path ${p}: the segment '${bad}' is not allowed`);
  return segs;
}

function toKeyed(arr: any[], keyFn: KeyFn, depth: number): Obj {
  const out: Obj = {};
  for (const item of arr) {
    const keys = keyFn(item).slice(0, depth);
    let node = out;
    keys.slice(0, -1).forEach((k) => (node = node[k] ??= {}));
    node[keys[keys.length - 1]] = item;
  }
  return out;
}

function fromKeyed(node: any, depth: number, originalOrder: string[][], keyNames: string[]): any[] {
  const out: any[] = [];
  const walk = (n: any, d: number, path: string[]) => {
    if (n === undefined || n === null) return;
    if (d === depth) {
      // Re-inject the key from the path into items that lack it (scalar keys only).
      if (n && typeof n === 'object' && !Array.isArray(n)) {
        keyNames.forEach((k, i) => {
          if (!k.includes(KEY_PATH_SEPARATOR) && n[k] === undefined && path[i] !== '') n[k] = path[i];
        });
      }
      out.push(n);
      return;
    }
    const seen = new Set<string>();
    const ordered = originalOrder.filter((o) => o.slice(0, d).join('\u0000') === path.join('\u0000')).map((o) => o[d]);
    for (const k of [...ordered, ...Object.keys(n)]) {
      if (seen.has(k) || !(k in n)) continue;
      seen.add(k);
      walk(n[k], d + 1, [...path, k]);
    }
  };
  walk(node, 0, []);
  return out;
}

function getAt(root: any, segs: string[]): any {
  let n = root;
  for (const s of segs) n = Array.isArray(n) ? n[Number(s)] : n?.[s];
  return n;
}

function applyOp(root: any, op: PatchOp): any {
  const segs = parsePointer(op.path);
  if (op.op === 'test') {
    // Structural equality (RFC 6902 §4.6): key order does not matter.
    if (!dequal(getAt(root, segs), op.value)) throw validationError(`PATCH test failed at ${op.path}`);
    return root;
  }
  if (op.op === 'copy' || op.op === 'move') {
    if (op.from === undefined) throw validationError(`PATCH ${op.op} needs 'from'`);
    const value = structuredClone(getAt(root, parsePointer(op.from)));
    if (value === undefined) throw validationError(`PATCH ${op.op}: nothing at ${op.from}`);
    if (op.op === 'move') root = applyOp(root, { op: 'remove', path: op.from });
    return applyOp(root, { op: 'add', path: op.path, value });
  }
  if (segs.length === 0) return op.op === 'remove' ? {} : structuredClone(op.value);
  if ((op.op === 'add' || op.op === 'replace') && op.value === undefined) throw validationError(`PATCH ${op.op} at ${op.path} needs a value`);
  let parent = root;
  for (const s of segs.slice(0, -1)) {
    const next = Array.isArray(parent) ? parent[Number(s)] : parent[s];
    if (next === undefined || next === null) {
      if (op.op === 'remove') return root; // removing something absent is a no-op
      if (Array.isArray(parent)) throw validationError(`PATCH path ${op.path}: no array element ${s}`);
      parent[s] = {};
    }
    parent = Array.isArray(parent) ? parent[Number(s)] : parent[s];
    if (typeof parent !== 'object') throw validationError(`PATCH path ${op.path} goes through a non-object`);
  }
  const last = segs[segs.length - 1];
  if (Array.isArray(parent)) {
    const idx = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(idx) || idx < 0 || idx > parent.length) throw validationError(`PATCH path ${op.path}: bad array index ${last}`);
    if (op.op === 'add') parent.splice(idx, 0, structuredClone(op.value));
    else if (op.op === 'replace') parent[idx] = structuredClone(op.value);
    else if (idx < parent.length) parent.splice(idx, 1);
  } else if (op.op === 'remove') delete parent[last];
  else parent[last] = structuredClone(op.value);
  return root;
}

/** Applies a patch body to an aspect value (undefined when the aspect is absent) and returns the new value. */
export function applyAspectPatch(aspect: string, current: unknown, body: PatchBody): Obj {
  const ops = Array.isArray(body) ? body : body.patch;
  const template = TEMPLATES[aspect];
  const custom = Array.isArray(body) ? undefined : body.arrayPrimaryKeys;
  // forceGenericPatch: a plain JSON patch, arrays addressed by index unless arrayPrimaryKeys names their keys.
  const generic = !Array.isArray(body) && body.forceGenericPatch === true;
  const keyFns: Record<string, { fn: KeyFn; depth: number; names: string[] }> = {};
  for (const [field, fn] of Object.entries(generic ? {} : (template?.keys ?? {}))) keyFns[field] = { fn, depth: 1, names: template?.keyNames?.[field] ?? [] };
  const nested = generic ? {} : (template?.nested ?? {});
  for (const [field, names] of Object.entries(custom ?? {})) {
    if (FORBIDDEN_SEGMENTS.has(field)) throw validationError(`arrayPrimaryKeys: the field '${field}' is not allowed`);
    keyFns[field] = { fn: byFields(names), depth: Math.max(1, names.length), names };
  }

  let root: Obj = structuredClone((current as Obj | undefined) ?? template?.empty() ?? {});
  const orders: Record<string, string[][]> = {};
  for (const [field, k] of Object.entries(keyFns)) {
    if (!Array.isArray(root[field])) continue;
    orders[field] = root[field].map((item: any) => k.fn(item).slice(0, k.depth));
    root[field] = toKeyed(root[field], k.fn, k.depth);
  }
  const nestedOrders = keyNestedArrays(root, nested);
  // Column lineage addressed the original's way (`/fineGrainedLineages/<transform>/<downstream>/<query>/<upstream>`).
  const fine = aspect === 'upstreamLineage' && !generic && ops.some((op) => {
    const segs = parsePointer(op.path);
    return segs[0] === FINE_GRAINED && segs.length > 1;
  });
  const aside = fine ? fineToTree(root[FINE_GRAINED]) : undefined;
  if (aside) root[FINE_GRAINED] = aside.tree;
  for (const op of ops) root = applyOp(root, op);
  if (aside) root[FINE_GRAINED] = fineFromTree(root[FINE_GRAINED], aside.aside);
  unkeyNestedArrays(root, nested, nestedOrders);
  for (const [field, k] of Object.entries(keyFns)) {
    const v = root[field];
    if (v && typeof v === 'object' && !Array.isArray(v)) root[field] = fromKeyed(v, k.depth, orders[field] ?? [], k.names);
  }
  return root;
}

/** The items of a keyed top-level array (an object by key while the patch applies). */
const keyedItems = (root: Obj, field: string): Obj[] => {
  const items = root[field];
  return items && typeof items === 'object' && !Array.isArray(items) ? Object.values(items).filter((i): i is Obj => !!i && typeof i === 'object' && !Array.isArray(i)) : [];
};

/** Turns the nested arrays of every keyed item into objects by key; answers their orders (by item and array) to keep. */
function keyNestedArrays(root: Obj, nested: Record<string, NestedArray[]>): Map<Obj, string[][][]> {
  const orders = new Map<Obj, string[][][]>();
  for (const [field, arrays] of Object.entries(nested)) {
    for (const item of keyedItems(root, field)) {
      orders.set(item, arrays.map((a) => {
        const list = item[a.path[0]]?.[a.path[1]];
        if (!Array.isArray(list)) return [];
        item[a.path[0]][a.path[1]] = toKeyed(list, byFields(a.fields), 1);
        return list.map((x) => byFields(a.fields)(x));
      }));
    }
  }
  return orders;
}

/** Back to arrays (kept order first, new entries after, keys put back), each holder given what it needs if a patch made it. */
function unkeyNestedArrays(root: Obj, nested: Record<string, NestedArray[]>, orders: Map<Obj, string[][][]>): void {
  for (const [field, arrays] of Object.entries(nested)) {
    for (const item of keyedItems(root, field)) {
      arrays.forEach((a, i) => {
        const holder = item[a.path[0]];
        if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return;
        const keyed = holder[a.path[1]];
        if (keyed && typeof keyed === 'object' && !Array.isArray(keyed)) holder[a.path[1]] = fromKeyed(keyed, 1, orders.get(item)?.[i] ?? [], a.fields);
        for (const [k, v] of Object.entries(a.holderDefaults?.() ?? {})) holder[k] ??= v;
      });
    }
  }
}
