/** Index mappings as trees of fields: flatten to leaf paths, merge fragments, place a leaf, compare leaf definitions. */
import { dequal } from 'dequal';

export type MappingNode = { type?: string; properties?: Record<string, MappingNode>; enabled?: boolean | string; [k: string]: unknown };
export type Properties = Record<string, MappingNode>;

const isContainer = (n: MappingNode) => (n.type === undefined || n.type === 'object') && !(n.enabled === false || n.enabled === 'false');

/** Leaf fields by dotted path; object fields are containers, except disabled ones (stored, never indexed). */
export function leavesOf(props: Properties | undefined, prefix = ''): Map<string, MappingNode> {
  const out = new Map<string, MappingNode>();
  for (const [name, node] of Object.entries(props ?? {})) {
    const path = `${prefix}${name}`;
    if (isContainer(node)) for (const [p, leaf] of leavesOf(node.properties, `${path}.`)) out.set(p, leaf);
    else out.set(path, node);
  }
  return out;
}

/** Deep-merges `fragment` (a `properties` tree) into `target` in place; the fragment wins on leaves. */
export function mergeProperties(target: Properties, fragment: Properties): Properties {
  for (const [name, node] of Object.entries(fragment)) {
    const existing = target[name];
    if (existing && node.properties && isContainer(node) && isContainer(existing)) {
      const { properties, ...rest } = node;
      Object.assign(existing, rest);
      existing.properties = mergeProperties(existing.properties ?? {}, properties);
    } else {
      target[name] = structuredClone(node);
    }
  }
  return target;
}

export function setLeaf(target: Properties, path: string, leaf: MappingNode): Properties {
  const segs = path.split('.');
  let props = target;
  for (const seg of segs.slice(0, -1)) {
    props[seg] ??= { type: 'object' };
    props = props[seg].properties ??= {};
  }
  props[segs[segs.length - 1]] = structuredClone(leaf);
  return target;
}

/** OpenSearch echoes some settings as strings (`"dynamic": "true"`): scalars compare as text, objects structurally. */
/** Whether a leaf (or one of its sub-fields) names an analyser or normaliser. */
export function usesAnalysis(leaf: MappingNode): boolean {
  const node = leaf as Record<string, any>;
  if (node.analyzer || node.search_analyzer || node.normalizer) return true;
  return Object.values((node.fields ?? {}) as Record<string, MappingNode>).some(usesAnalysis);
}

export function sameLeaf(a: unknown, b: unknown): boolean {
  const text = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(text);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x)]));
    return typeof v === 'boolean' || typeof v === 'number' ? String(v) : v;
  };
  return dequal(text(a), text(b));
}
