/**
 * How the original's client patches column lineage: `/fineGrainedLineages/<transform>/<downstream>/<query>/<upstream>`
 * (`NONE` where an entry has no transform or query; URNs with `/` escaped as `~1`), value `{confidenceScore}`. The list
 * is addressed as a tree — one leaf per (transform, downstream column, query, upstream) — while the patch applies, then
 * folded back into one entry per (transform, downstream, query). Entries the tree cannot hold (no upstream or no
 * downstream) are kept as they were, after the others.
 */
type Obj = Record<string, any>;

export const FINE_GRAINED = 'fineGrainedLineages';
const NONE = 'NONE';

export interface FineTree {
  tree: Obj;
  /** Entries kept aside, appended after the folded ones. */
  aside: Obj[];
}

export function fineToTree(list: unknown): FineTree {
  const tree: Obj = {};
  const aside: Obj[] = [];
  for (const e of Array.isArray(list) ? (list as Obj[]) : []) {
    const ups: string[] = Array.isArray(e?.upstreams) ? e.upstreams : [];
    const downs: string[] = Array.isArray(e?.downstreams) ? e.downstreams : [];
    if (ups.length === 0 || downs.length === 0) {
      aside.push(e);
      continue;
    }
    const op = typeof e.transformOperation === 'string' ? e.transformOperation : NONE;
    const query = typeof e.query === 'string' ? e.query : NONE;
    for (const d of downs) {
      for (const u of ups) {
        const leaf = (((tree[op] ??= {})[d] ??= {})[query] ??= {});
        leaf[u] = { ...(typeof e.confidenceScore === 'number' && { confidenceScore: e.confidenceScore }) };
      }
    }
  }
  return { tree, aside };
}

export function fineFromTree(tree: unknown, aside: Obj[]): Obj[] {
  const out: Obj[] = [];
  for (const [op, byDown] of Object.entries((tree ?? {}) as Obj)) {
    for (const [down, byQuery] of Object.entries((byDown ?? {}) as Obj)) {
      for (const [query, byUp] of Object.entries((byQuery ?? {}) as Obj)) {
        const ups = Object.keys((byUp ?? {}) as Obj);
        if (ups.length === 0) continue;
        const scores = ups.map((u) => (byUp as Obj)[u]?.confidenceScore).filter((s): s is number => typeof s === 'number');
        out.push({
          upstreamType: ups.every((u) => u.startsWith('urn:li:schemaField:')) ? 'FIELD_SET' : 'DATASET',
          upstreams: ups,
          downstreamType: 'FIELD',
          downstreams: [down],
          ...(op !== NONE && { transformOperation: op }),
          confidenceScore: scores.length > 0 ? Math.max(...scores) : 1,
          ...(query !== NONE && { query }),
        });
      }
    }
  }
  return [...out, ...aside];
}
