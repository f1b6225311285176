/**
 * One hop of lineage from an entity, in either direction: the edges its own aspects name, and the entities whose
 * aspects name it (found by one query on the `lineageUp` / `lineageDown` search fields, derived with the aspects in the
 * one write path). The answer is the original's `lineage` field: relationships with their type, the edge's stamps and
 * properties, degree 1 and the path to each. From a column (a schemaField), the column edges its dataset's and jobs'
 * `fineGrainedLineages` name, each saying whether the other column is in its dataset's schema.
 */
import { lineageEdgesOf, TYPES_NAMING, type LineageDirection, type LineageEdge } from '../../model/lineage-edges.js';
import { entityTypeOfUrn, parseUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { startOf } from '../paging.js';
import { countOf } from '../search/search-entities.js';
import { checkDirection, entitiesNaming } from './lineage-namers.js';
import { columnsNaming } from './column-namers.js';
import { inWindow, type LineageWindow } from './lineage-walk.js';
import { columnParts, schemaHasColumn } from '../../model/field-lineage.js';

export interface LineageQuery {
  urn: string;
  direction: LineageDirection;
  start?: number | null;
  count?: number | null;
  window?: LineageWindow;
}

export interface LineageRelationship extends LineageEdge {
  degree: number;
  /** From the start entity to this one. */
  path: string[];
  /** For a column: whether its dataset's schema lists it (an edge may name a column not yet, or no longer, there). */
  inSchema?: boolean;
}

export interface LineageAnswer {
  start: number;
  count: number;
  total: number;
  relationships: LineageRelationship[];
  /** More entities name the start entity than one query reads (LINEAGE_SCAN_LIMIT): the rest are not counted. */
  truncated: boolean;
}

export async function entityLineage(services: CatalogDeps, q: LineageQuery): Promise<LineageAnswer> {
  checkDirection(q.direction);
  const start = startOf(q.start);
  const count = countOf(services, q.count, 100);
  const target = resolveTarget(parseUrn(q.urn).entityType, q.urn);
  if (target.def.name === 'schemaField') return columnLineage(services, target.urn.raw, q.direction, start, count);
  // A type whose aspects name nothing this way (a dataset's downstreams) is not read: the namers say it all.
  const own = TYPES_NAMING[q.direction].has(target.def.name) ? await services.store.get(target.def.name, target.urn.raw) : null;
  const found = new Map<string, LineageEdge>();
  for (const e of lineageEdgesOf(own?.aspects ?? {})) if (e.direction === q.direction && inWindow(e, q.window)) found.set(e.urn, e);
  // Those whose own aspects name this entity the other way: a downstream names it upstream, and so on.
  const { namers, truncated } = await entitiesNaming(services, [target.urn.raw], q.direction);
  for (const n of namers) {
    const e = n.edges.find((x) => inWindow(x, q.window));
    if (e && !found.has(n.urn)) found.set(n.urn, { ...e, direction: q.direction, urn: n.urn });
  }
  const all = [...found.values()].filter((e) => e.urn !== target.urn.raw);
  return {
    start,
    count,
    total: all.length,
    truncated,
    relationships: all.slice(start, start + count).map((e) => ({ ...e, degree: 1, path: [target.urn.raw, e.urn] })),
  };
}

/** One hop of column lineage: the columns the edges naming this one lead to, flagged where their schema lacks them. */
async function columnLineage(services: CatalogDeps, column: string, direction: LineageDirection, start: number, count: number): Promise<LineageAnswer> {
  const { steps, truncated } = await columnsNaming(services, [column], direction);
  const byColumn = new Map<string, (typeof steps)[number]>();
  for (const s of steps) if (s.to !== column && !byColumn.has(s.to)) byColumn.set(s.to, s);
  const all = [...byColumn.values()];
  const page = all.slice(start, start + count);
  const parents = [...new Set(page.map((s) => columnParts(s.to)?.parent).filter((p): p is string => p !== undefined))];
  const docs = await services.store.mgetAcross(parents.map((urn) => ({ entityType: entityTypeOfUrn(urn), urn })));
  return {
    start,
    count,
    total: all.length,
    truncated,
    relationships: page.map((s) => {
      const parts = columnParts(s.to);
      return {
        direction,
        type: 'DownstreamOf',
        urn: s.to,
        aspect: s.edge.aspect,
        ...(s.edge.transformOperation && { properties: { transformOperation: s.edge.transformOperation } }),
        degree: 1,
        path: [column, s.to],
        inSchema: parts ? schemaHasColumn(docs.get(parts.parent)?.aspects, parts.fieldPath) : false,
      };
    }),
  };
}
