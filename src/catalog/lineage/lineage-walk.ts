/**
 * Lineage over several hops, breadth first: each hop is one read of the frontier's documents (the edges they name)
 * and one query for the entities naming any of them (`lineageUp` / `lineageDown`), so a walk of N hops costs 2N engine
 * calls; from a column, one query per hop for the column edges naming the frontier (column-namers.ts). Every entity is
 * reached once, at its lowest degree (cycles end there), with up to PATHS_KEPT paths to it. Edges stamped outside the
 * time window asked are not walked (edges without stamps always are).
 */
import { isColumnUrn } from '../../model/field-lineage.js';
import { lineageEdgesOf, TYPES_NAMING, type LineageDirection, type LineageEdge } from '../../model/lineage-edges.js';
import { entityTypeOfUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { isSoftDeleted } from '../read-entity.js';
import { columnsNaming } from './column-namers.js';
import { entitiesNaming } from './lineage-namers.js';

/** The original's `startTimeMillis` / `endTimeMillis`: edges last changed (else made) within the window. */
export interface LineageWindow {
  startTimeMillis?: number | null;
  endTimeMillis?: number | null;
}

export function inWindow(edge: Pick<LineageEdge, 'createdOn' | 'updatedOn'>, window: LineageWindow | undefined): boolean {
  const at = edge.updatedOn ?? edge.createdOn;
  if (!window || at === undefined) return true;
  return (window.startTimeMillis == null || at >= window.startTimeMillis) && (window.endTimeMillis == null || at <= window.endTimeMillis);
}

/** One hop: pairs of (the frontier entity, the entity one hop from it); the first is undefined where the hop read only who was met. */
type Hop = (frontier: string[]) => Promise<{ pairs: [from: string | undefined, to: string][]; truncated: boolean }>;

/** One hop between entities: what the frontier's own aspects name, and the entities naming any of it the other way. */
const entityHop = (services: CatalogDeps, direction: LineageDirection, window: LineageWindow | undefined, lazy: boolean): Hop => async (frontier) => {
  const pairs: [string | undefined, string][] = [];
  // Only the types whose aspects name lineage this way are read (a dataset names no downstream); a soft-deleted one names nothing.
  const naming = frontier.filter((urn) => TYPES_NAMING[direction].has(entityTypeOfUrn(urn)));
  const docs = await services.store.mgetAcross(naming.map((urn) => ({ entityType: entityTypeOfUrn(urn), urn })));
  for (const [urn, doc] of docs) {
    if (isSoftDeleted(doc)) continue;
    for (const e of lineageEdgesOf(doc.aspects)) if (e.direction === direction && inWindow(e, window)) pairs.push([urn, e.urn]);
  }
  // Without a time window the edges' stamps are not needed: the namers' search field says what they name, or (lazy)
  // only who they are — the way to them is read later, for the few whose paths are shown.
  const windowed = window !== undefined && (window.startTimeMillis != null || window.endTimeMillis != null);
  const read = windowed ? 'edges' : lazy ? 'urns' : 'names';
  const named = await entitiesNaming(services, frontier, direction, { read });
  for (const n of named.namers) {
    if (read === 'urns') pairs.push([undefined, n.urn]);
    else for (const e of n.edges) if (inWindow(e, window)) pairs.push([e.urn, n.urn]);
  }
  return { pairs, truncated: named.truncated };
};

/** One hop between columns (column edges carry no stamps: the window does not apply). */
const columnHop = (services: CatalogDeps, direction: LineageDirection): Hop => async (frontier) => {
  const { steps, truncated } = await columnsNaming(services, frontier, direction);
  return { pairs: steps.map((s) => [s.from, s.to]), truncated };
};

export const MAX_HOPS = 10;
/** The most entities one walk reaches: a walk past it stops and says it was cut. */
export const MAX_REACHED = 50_000;
const PATHS_KEPT = 5;

export interface Reached {
  degree: number;
  /** Reached through no hop of its own: its type is walked through without counting (lineageFlags.ignoreAsHops). */
  ignoredAsHop?: boolean;
  /** From the start entity to this one, start first: filled by `Walk.complete` for the entities it is asked about. */
  paths: string[][];
}

export interface Walk {
  reached: Map<string, Reached>;
  /** A hop met more entities than it reads, or the walk more than MAX_REACHED: some entities are missing. */
  truncated: boolean;
  /** Fills in the paths (up to PATHS_KEPT) to these reached entities. */
  complete(urns: Iterable<string>): Promise<void>;
}

/** Which of the entities a hop met the walk may reach and go on from (all, when the walk has no such rule). */
export type Admit = (urns: string[]) => Promise<Set<string>>;

export interface WalkOptions {
  window?: LineageWindow;
  admit?: Admit;
  /** Entities walked through without counting a hop: what lies beyond them is at their own degree. */
  ignoreAsHop?: (urn: string) => boolean;
  /**
   * Read only who each hop meets, not from whom (the namers' URNs, no other field): the way to an entity is then read
   * from its own document when `complete` asks for it. For walks that show paths to a page of results, not to all.
   */
  lazyPaths?: boolean;
}

/**
 * From one entity, or from several at once (each entity is then reached from its nearest start, and its paths begin
 * there): a propagation walks from every carrier of a label in one pass.
 */
export async function walkLineage(services: CatalogDeps, from: string | readonly string[], direction: LineageDirection, maxHops: number, opts: WalkOptions = {}): Promise<Walk> {
  const { window, admit, ignoreAsHop } = opts;
  const starts = new Set(typeof from === 'string' ? [from] : from);
  const first = starts.values().next().value ?? '';
  const hop = isColumnUrn(first) ? columnHop(services, direction) : entityHop(services, direction, window, opts.lazyPaths === true);
  const hops = Math.max(1, Math.min(MAX_HOPS, Math.floor(maxHops)));
  const reached = new Map<string, Reached>();
  // Whom each entity was reached from (up to PATHS_KEPT), where the hop said.
  const parents = new Map<string, string[]>();
  let frontier = [...starts];
  let truncated = false;
  for (let degree = 1; degree <= hops && frontier.length > 0; degree++) {
    const next = new Set<string>();
    const reach = (urn: string, from: string | undefined) => {
      if (starts.has(urn) || reached.has(urn)) return; // a start, or reached at a lower degree
      next.add(urn);
      if (from === undefined || from === urn) return;
      const known = parents.get(urn) ?? parents.set(urn, []).get(urn)!;
      if (known.length < PATHS_KEPT && !known.includes(from)) known.push(from);
    };
    // Entities to walk through at this same degree: the frontier, then any reached here whose type counts no hop.
    let through = frontier;
    const refused = new Set<string>();
    while (through.length > 0) {
      const step = await hop(through);
      if (step.truncated) truncated = true;
      const before = new Set(next);
      for (const [from, to] of step.pairs) reach(to, from);
      const met = [...next].filter((u) => !before.has(u));
      const admitted = admit && (await admit(met));
      for (const u of met) if (admitted && !admitted.has(u)) refused.add(u);
      through = ignoreAsHop ? met.filter((u) => !refused.has(u) && ignoreAsHop(u)) : [];
    }
    for (const urn of next) {
      if (refused.has(urn)) continue;
      if (reached.size >= MAX_REACHED) {
        truncated = true;
        break;
      }
      reached.set(urn, { degree, paths: [], ...(ignoreAsHop?.(urn) && { ignoredAsHop: true }) });
    }
    // Those walked through already (ignored as hops) have given what lies beyond them.
    frontier = [...next].filter((urn) => reached.get(urn)?.degree === degree && !reached.get(urn)?.ignoredAsHop);
  }
  return { reached, truncated, complete: (urns) => completePaths(services, starts, direction, reached, parents, [...urns]) };
}

/**
 * The paths to some reached entities, from the parents the hops recorded and, where a hop read only who it met, from
 * each entity's own document: the entities it names the other way that the walk reached one hop nearer (or at the same
 * degree, walked through as no hop). A few reads of the page's entities and their ancestors, not of every namer.
 */
async function completePaths(services: CatalogDeps, starts: ReadonlySet<string>, direction: LineageDirection, reached: Map<string, Reached>, parents: Map<string, string[]>, urns: string[]): Promise<void> {
  const opposite = direction === 'UPSTREAM' ? 'DOWNSTREAM' : 'UPSTREAM';
  const fits = (child: string, p: string) => {
    const c = reached.get(child)!;
    if (starts.has(p)) return c.degree === 1;
    const r = reached.get(p);
    return r !== undefined && p !== child && (r.degree === c.degree - 1 || (r.degree === c.degree && r.ignoredAsHop === true));
  };
  let pending = urns.filter((u) => reached.has(u) && reached.get(u)!.paths.length === 0);
  const seen = new Set(pending);
  while (pending.length > 0) {
    const unknown = pending.filter((u) => !parents.has(u));
    const docs = unknown.length > 0 ? await services.store.mgetAcross(unknown.map((urn) => ({ entityType: entityTypeOfUrn(urn), urn }))) : new Map();
    const nextPending: string[] = [];
    for (const n of pending) {
      if (!parents.has(n)) {
        const named = lineageEdgesOf(docs.get(n)?.aspects ?? {}).filter((e) => e.direction === opposite).map((e) => e.urn);
        parents.set(n, [...new Set(named)].filter((p) => fits(n, p)).slice(0, PATHS_KEPT));
      }
      for (const p of parents.get(n)!) {
        if (!starts.has(p) && !seen.has(p) && reached.get(p)?.paths.length === 0) {
          seen.add(p);
          nextPending.push(p);
        }
      }
    }
    pending = nextPending;
  }
  const visiting = new Set<string>();
  const resolve = (n: string): string[][] => {
    if (starts.has(n)) return [[n]];
    const r = reached.get(n);
    if (!r) return [];
    if (r.paths.length > 0 || visiting.has(n)) return r.paths;
    visiting.add(n);
    const out: string[][] = [];
    for (const p of parents.get(n) ?? []) for (const path of resolve(p)) if (out.length < PATHS_KEPT && !path.includes(n)) out.push([...path, n]);
    visiting.delete(n);
    r.paths = out;
    return out;
  };
  for (const u of urns) resolve(u);
}
