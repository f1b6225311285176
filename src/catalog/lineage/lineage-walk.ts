/**
 * Lineage over several hops, breadth first: each hop is one read of the frontier's documents (the edges they name)
 * and one query for the entities naming any of them (`lineageUp` / `lineageDown`), so a walk of N hops costs 2N engine
 * calls. Every entity is reached once, at its lowest degree (cycles end there), with up to PATHS_KEPT paths to it.
 */
import { lineageEdgesOf, type LineageDirection } from '../../model/lineage-edges.js';
import { parseUrn } from '../../model/urn.js';
import { findEntityType } from '../../model/entity-types.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { entityTypesToSearch } from '../search/search-types.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import { LINEAGE_SCAN_LIMIT } from './entity-lineage.js';

export const MAX_HOPS = 10;
/** The most entities one walk reaches: a walk past it stops and says it was cut. */
export const MAX_REACHED = 50_000;
const PATHS_KEPT = 5;
const EDGE_ASPECTS = ['upstreamLineage', 'dataJobInputOutput', 'chartInfo', 'dashboardInfo'];

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
  const opposite = direction === 'UPSTREAM' ? 'DOWNSTREAM' : 'UPSTREAM';
  const field = direction === 'UPSTREAM' ? 'lineageDown' : 'lineageUp';
  let frontier = new Map<string, string[][]>([[start, [[start]]]]);
  let truncated = false;
  for (let degree = 1; degree <= hops && frontier.size > 0; degree++) {
    const next = new Map<string, string[][]>();
    const reach = (urn: string, from: string) => {
      if (urn === start || (reached.has(urn) && reached.get(urn)!.degree < degree)) return;
      const paths = next.get(urn) ?? [];
      for (const p of frontier.get(from) ?? []) if (paths.length < PATHS_KEPT) paths.push([...p, urn]);
      next.set(urn, paths);
    };
    // What the frontier's own aspects name (an entity soft-deleted names nothing).
    const items = [...frontier.keys()].map((urn) => ({ entityType: findEntityType(parseUrn(urn).entityType)?.name ?? parseUrn(urn).entityType, urn }));
    const docs = await services.store.mgetAcross(items);
    for (const [urn, doc] of docs) {
      if (removed(doc.aspects)) continue;
      for (const e of lineageEdgesOf(doc.aspects)) if (e.direction === direction) reach(e.urn, urn);
    }
    // The entities naming any of the frontier the other way.
    const res = await services.store.search(entityTypesToSearch(undefined), {
      size: LINEAGE_SCAN_LIMIT,
      track_total_hits: true,
      query: { bool: { filter: [{ terms: { [field]: [...frontier.keys()] } }, NOT_SOFT_DELETED] } },
      sort: [{ urn: 'asc' }],
      _source: ['urn', ...EDGE_ASPECTS.map((a) => `aspects.${a}.value`)],
    });
    if (res.hits.total.value > LINEAGE_SCAN_LIMIT) truncated = true;
    for (const hit of res.hits.hits as { _source: { urn: string; aspects?: Record<string, { value?: unknown }> } }[]) {
      for (const e of lineageEdgesOf(hit._source.aspects ?? {})) if (e.direction === opposite && frontier.has(e.urn)) reach(hit._source.urn, e.urn);
    }
    for (const [urn, paths] of next) {
      if (reached.has(urn)) continue;
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
