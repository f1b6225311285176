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

type Hop = (frontier: string[]) => Promise<{ pairs: [from: string, to: string][]; truncated: boolean }>;

const removed = (aspects: Record<string, { value?: unknown }> | undefined) => (aspects?.status?.value as { removed?: boolean } | undefined)?.removed === true;

/** One hop between entities: what the frontier's own aspects name, and the entities naming any of it the other way. */
const entityHop = (services: CatalogDeps, direction: LineageDirection, window?: LineageWindow): Hop => async (frontier) => {
  const pairs: [string, string][] = [];
  // Only the types whose aspects name lineage this way are read (a dataset names no downstream); a soft-deleted one names nothing.
  const naming = frontier.filter((urn) => TYPES_NAMING[direction].has(entityTypeOfUrn(urn)));
  const docs = await services.store.mgetAcross(naming.map((urn) => ({ entityType: entityTypeOfUrn(urn), urn })));
  for (const [urn, doc] of docs) {
    if (removed(doc.aspects)) continue;
    for (const e of lineageEdgesOf(doc.aspects)) if (e.direction === direction && inWindow(e, window)) pairs.push([urn, e.urn]);
  }
  // Without a time window the edges' stamps are not needed: the namers' search field says what they name.
  const named = await entitiesNaming(services, frontier, direction, { urnsOnly: !window || (window.startTimeMillis == null && window.endTimeMillis == null) });
  for (const n of named.namers) for (const e of n.edges) if (inWindow(e, window)) pairs.push([e.urn, n.urn]);
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
  /** From the start entity to this one, start first. */
  paths: string[][];
}

export interface Walk {
  reached: Map<string, Reached>;
  /** A hop met more entities than it reads, or the walk more than MAX_REACHED: some entities are missing. */
  truncated: boolean;
}

/** Which of the entities a hop met the walk may reach and go on from (all, when the walk has no such rule). */
export type Admit = (urns: string[]) => Promise<Set<string>>;

export interface WalkOptions {
  window?: LineageWindow;
  admit?: Admit;
  /** Entities walked through without counting a hop: what lies beyond them is at their own degree. */
  ignoreAsHop?: (urn: string) => boolean;
}

export async function walkLineage(services: CatalogDeps, start: string, direction: LineageDirection, maxHops: number, opts: WalkOptions = {}): Promise<Walk> {
  const { window, admit, ignoreAsHop } = opts;
  const hop = isColumnUrn(start) ? columnHop(services, direction) : entityHop(services, direction, window);
  const hops = Math.max(1, Math.min(MAX_HOPS, Math.floor(maxHops)));
  const reached = new Map<string, Reached>();
  let frontier = new Map<string, string[][]>([[start, [[start]]]]);
  let truncated = false;
  for (let degree = 1; degree <= hops && frontier.size > 0; degree++) {
    const next = new Map<string, string[][]>();
    const reach = (urn: string, from: string, pathsFrom: Map<string, string[][]>) => {
      if (urn === start || reached.has(urn)) return; // reached at a lower degree
      const paths = next.get(urn) ?? [];
      for (const p of pathsFrom.get(from) ?? []) if (paths.length < PATHS_KEPT && !p.includes(urn)) paths.push([...p, urn]);
      next.set(urn, paths);
    };
    // Entities to walk through at this same degree: the frontier, then any reached here whose type counts no hop.
    let through = [...frontier.keys()];
    const pathsFrom = new Map(frontier);
    const refused = new Set<string>();
    while (through.length > 0) {
      const step = await hop(through);
      if (step.truncated) truncated = true;
      const before = new Set(next.keys());
      for (const [from, to] of step.pairs) reach(to, from, pathsFrom);
      const met = [...next.keys()].filter((u) => !before.has(u));
      const admitted = admit && (await admit(met));
      for (const u of met) if (admitted && !admitted.has(u)) refused.add(u);
      through = ignoreAsHop ? met.filter((u) => !refused.has(u) && ignoreAsHop(u)) : [];
      for (const u of through) pathsFrom.set(u, next.get(u)!);
    }
    for (const [urn, paths] of next) {
      if (refused.has(urn)) continue;
      if (reached.size >= MAX_REACHED) {
        truncated = true;
        break;
      }
      reached.set(urn, { degree, paths, ...(ignoreAsHop?.(urn) && { ignoredAsHop: true }) });
    }
    // Those walked through already (ignored as hops) have given what lies beyond them.
    frontier = new Map([...next].filter(([urn]) => reached.get(urn)?.degree === degree && !reached.get(urn)?.ignoredAsHop));
  }
  return { reached, truncated };
}
