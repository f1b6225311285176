/**
 * The MCP lineage tools over the catalog's one lineage search (the walk behind searchAcrossLineage): `get_lineage`,
 * what lies up- or downstream within a few hops as compact nodes with the way to each, from an entity or a column;
 * and `impact`, everything downstream searched, filtered and faceted, with the degree counts.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { columnParts } from '../model/field-lineage.js';
import { schemaFieldUrn } from '../model/urn.js';
import type { AndFilter } from '../search/filters.js';
import { resolveTarget } from '../catalog/entity-target.js';
import { MAX_HOPS, type Reached } from '../catalog/lineage/lineage-walk.js';
import { searchLineage } from '../catalog/lineage/search-lineage.js';
import { briefsOf, facetNames, FilterSchema, MAX_PAGE, orFiltersOf, presentFacets, searchShape, typesOf } from './search-tools.js';
import { fitPage, tool, type ToolContext } from './tool-answers.js';

type Obj = Record<string, unknown>;
/** The neighbours named as the way to one node. */
const VIA_KEPT = 5;

const lineageShape = {
  urn: z.string().min(1).max(2000).describe('The entity (dataset, data job, chart, dashboard) or column (urn:li:schemaField:…) to start from'),
  direction: z.enum(['UPSTREAM', 'DOWNSTREAM']).default('DOWNSTREAM').describe('DOWNSTREAM: what depends on it; UPSTREAM: what it comes from'),
  hops: z.number().int().min(1).max(MAX_HOPS).default(3).describe(`How many hops to walk (default 3, at most ${MAX_HOPS})`),
  column: z.string().min(1).max(1000).optional().describe('A column (field path) of the dataset: walk column-level lineage from it'),
  start: z.number().int().min(0).max(9_999).default(0),
  count: z.number().int().min(1).max(MAX_PAGE).default(20).describe(`Nodes per page (at most ${MAX_PAGE})`),
};

const impactShape = {
  urn: lineageShape.urn,
  column: lineageShape.column,
  hops: z.number().int().min(1).max(MAX_HOPS).optional().describe(`Only within this many hops (default: as far as lineage goes, up to ${MAX_HOPS})`),
  query: searchShape.query,
  types: searchShape.types,
  filters: z.array(FilterSchema).max(30).optional().describe('All of these must hold of an impacted entity'),
  facets: searchShape.facets,
  start: searchShape.start,
  count: searchShape.count,
};

/** The walk's start: a column of the dataset when one is named. */
function startOf(urn: string, column: string | undefined): string {
  if (column === undefined) return urn;
  return schemaFieldUrn(resolveTarget('dataset', urn).urn.raw, column);
}

/** The degree filter that bounds the walk to `hops` (1 … hops), with the caller's own filters beside it. */
function withHops(hops: number | undefined, filters: AndFilter[] | undefined): AndFilter[] | undefined {
  if (hops === undefined) return filters;
  const degree = { field: 'degree', values: Array.from({ length: hops }, (_, i) => String(i + 1)) };
  return [{ and: [degree, ...(filters?.[0]?.and ?? [])] }];
}

/** The nodes one hop closer to the start on the paths to a node (its way in), up to VIA_KEPT. */
const viaOf = (paths: readonly string[][]): string[] => [...new Set(paths.map((p) => p[p.length - 2]).filter((u): u is string => u !== undefined))].slice(0, VIA_KEPT);

/** A node of the page: its brief, its degree, and the way in — for a column walk, the columns reached in it. */
function nodeOf(brief: Obj, reached: Reached, columnWalk: boolean): Obj {
  if (!columnWalk) return { ...brief, degree: reached.degree, via: viaOf(reached.paths), ...(reached.ignoredAsHop && { ignoredAsHop: true }) };
  const columns = reached.paths.slice(0, VIA_KEPT * 2).map((p) => ({ column: columnParts(p[p.length - 1])?.fieldPath ?? p[p.length - 1], degree: p.length - 1, via: viaOf([p]) }));
  return { ...brief, degree: reached.degree, columns, ...(reached.paths.length > columns.length && { moreColumns: reached.paths.length - columns.length }) };
}

export function registerLineageTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'get_lineage',
    {
      title: 'Walk lineage',
      description:
        'What lies downstream (depends on it) or upstream (feeds it) of an entity or one of its columns, within a few hops: each node with its ' +
        'degree (hops away) and via (the nodes one hop closer to the start it is reached through). A column walk answers datasets with the columns reached.',
      inputSchema: lineageShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof lineageShape>>) => {
      const from = startOf(args.urn, args.column);
      const page = await searchLineage(ctx.services, {
        urn: from, direction: args.direction, query: '*', orFilters: withHops(args.hops, undefined), start: args.start, count: args.count, withDocuments: true,
      });
      const columnWalk = from !== args.urn || columnParts(from) !== undefined;
      const nodes = briefsOf(page.urns, page.documents).map((b, i) => nodeOf(b, page.reached[i], columnWalk)).sort((a, b) => (a.degree as number) - (b.degree as number));
      const head = { urn: from, direction: args.direction, hops: args.hops, total: page.total, start: page.start, degrees: page.degrees, ...(page.partial && { partial: true }) };
      return fitPage(head, 'nodes', nodes, page.start, page.start + page.urns.length < page.total);
    }),
  );

  server.registerTool(
    'impact',
    {
      title: 'Impact analysis',
      description:
        'Everything downstream of an entity or column (what a change to it may break), searched with the query language, filtered and faceted ' +
        'like search: total, counts per degree (1, 2, 3+) among the matches, facet counts, and a page of impacted entities with their degree.',
      inputSchema: impactShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof impactShape>>) => {
      const from = startOf(args.urn, args.column);
      const page = await searchLineage(ctx.services, {
        urn: from,
        direction: 'DOWNSTREAM',
        types: typesOf(args.types),
        query: args.query.trim() === '' ? '*' : args.query,
        orFilters: withHops(args.hops, orFiltersOf(args.filters)),
        facets: facetNames(args.facets),
        maxAggValues: 10,
        start: args.start,
        count: args.count,
        withDocuments: true,
      });
      const results = briefsOf(page.urns, page.documents).map((b, i) => ({ ...b, degree: page.reached[i].degree }));
      const head = { urn: from, total: page.total, start: page.start, degrees: page.degrees, ...presentFacets(page.facets), ...(page.partial && { partial: true }) };
      return fitPage(head, 'results', results, page.start, page.start + page.urns.length < page.total);
    }),
  );
}
