/**
 * Lineage over several hops, breadth first: each hop is one read of the frontier's documents (the edges they name)
 * and one query for the entities naming any of them (`lineageUp` / `lineageDown`), so a walk of N hops costs 2N engine
 * calls. Every entity is reached once, at its lowest degree (cycles end there), with up to PATHS_KEPT paths to it.
 */
import { lineageEdgesOf, type LineageDirection } from '../../model/lineage-edges.js';
import { entityTypeOfUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { entitiesNaming } from './lineage-namers.js';

export const MAX_HOPS = 10;
/** The most entities one walk reaches: a walk past it stops and says it was cut. */
export const MAX_REACHED = 50_000;
const PATHS_KEPT = 5;

export interface Reached {
  degree: number;
  /** From the start entity to this one, start first. */
  paths: string[][];
}

export interface Walk {
  reached: Map<string, Reached>;
  /** A hop met more entities than it reads, or the walk more than MAX_REACHED: some entities are missing. */
  truncated: boolean;
}

const removed = (aspects: Record<string, { value?: unknown }> | undefined) => (aspects?.status?.value as { removed?: boolean } | undefined)?.removed === true;

export async function walkLineage(services: CatalogDeps, start: string, direction: LineageDirection, maxHops: number): Promise<Walk> {
  const hops = Math.max(1, Math.min(MAX_HOPS, Math.floor(maxHops)));
  const reached = new Map<string, Reached>();
  let frontier = new Map<string, string[][]>([[start, [[start]]]]);
  let truncated = false;
  for (let degree = 1; degree <= hops && frontier.size > 0; degree++) {
    const next = new Map<string, string[][]>();
    const reach = (urn: string, from: string) => {
      if (urn === start || reached.has(urn)) return; // reached at a lower degree
      const paths = next.get(urn) ?? [];
      for (const p of frontier.get(from) ?? []) if (paths.length < PATHS_KEPT) paths.push([...p, urn]);
      next.set(urn, paths);
    };
    // What the frontier's own aspects name (an entity soft-deleted names nothing).
    const items = [...frontier.keys()].map((urn) => ({ entityType: entityTypeOfUrn(urn), urn }));
    const docs = await services.store.mgetAcross(items);
    for (const [urn, doc] of docs) {
      if (removed(doc.aspects)) continue;
      for (const e of lineageEdgesOf(doc.aspects)) if (e.direction === direction) reach(e.urn, urn);
    }
    // The entities naming any of the frontier the other way.
    const named = await entitiesNaming(services, [...frontier.keys()], direction);
    if (named.truncated) truncated = true;
    for (const n of named.namers) for (const e of n.edges) reach(n.urn, e.urn);
    for (const [urn, paths] of next) {
      if (reached.size >= MAX_REACHED) {
        truncated = true;
        break;
      }
      reached.set(urn, { degree, paths });
    }
    frontier = new Map([...next].filter(([urn]) => reached.get(urn)?.degree === degree));
  }
  return { reached, truncated };
}
