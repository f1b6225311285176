/**
 * The MCP `search` tool and the search inputs the lineage tools share (types, filters, facets): the catalog's one
 * search operation with the caller's query language, answered as a compact page with facet counts.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { validationError } from '../errors.js';
import { ENTITY_TYPES, findEntityType, findEntityTypeByGraphql } from '../model/entity-types.js';
import type { AndFilter } from '../search/filters.js';
import type { EntityDoc } from '../storage/entity-store.js';
import { DEFAULT_FACETS } from '../catalog/search/aggregate-entities.js';
import type { Facet } from '../catalog/search/present-facets.js';
import { searchEntities } from '../catalog/search/search-entities.js';
import { briefOf, briefOfUrn } from './entity-summary.js';
import { bytesOf, fitPage, tool, type ToolContext } from './tool-answers.js';

/** Buckets answered per facet. */
const FACET_VALUES = 10;
export const MAX_PAGE = 50;

export const FilterSchema = z.object({
  field: z.string().min(1).max(300).describe('A search field: platform, tags, owners, terms, origin, container, _entityType, name, fieldPaths, structuredProperties.<qualified name>, …'),
  values: z.array(z.string().max(1000)).max(100).default([]).describe('Any of these values (numbers as text, dates as YYYY-MM-DD); none for EXISTS and NOT_EXISTS'),
  condition: z.string().max(40).optional().describe('EQUAL (default), IEQUAL, IN, CONTAIN, START_WITH, END_WITH, EXISTS, NOT_EXISTS, INVALID (a structured property value breaking its rules), GREATER_THAN, GREATER_THAN_OR_EQUAL_TO, LESS_THAN, LESS_THAN_OR_EQUAL_TO'),
  negated: z.boolean().optional(),
});

export const searchShape = {
  query: z.string().max(2000).default('*').describe('Tessera query language (Lucene-style): bare words rank by name, column, tag and description; field:value, "phrases", field:>45, [a TO b], _exists_:field, AND/OR/NOT, trailing wildcards. * or blank matches everything.'),
  types: z.array(z.string().max(100)).max(30).optional().describe('Entity types to search (dataset, dataJob, chart, … or DATASET, DATA_JOB, …); all searchable types when absent'),
  filters: z.array(FilterSchema).max(30).optional().describe('All of these must hold'),
  facets: z.array(z.string().max(300)).max(10).optional().describe(`Fields to count values of among all matches (default ${DEFAULT_FACETS.join(', ')}); structured properties as structuredProperties.<qualified name>, compliance as compliance.<qualified name>`),
  start: z.number().int().min(0).max(9_999).default(0).describe('Offset of the page (nextStart of the page before)'),
  count: z.number().int().min(1).max(MAX_PAGE).default(10).describe(`Results per page (at most ${MAX_PAGE})`),
};

/** The entity types asked for; an unknown one is refused rather than silently searched as none. */
export function typesOf(types: readonly string[] | undefined): string[] | undefined {
  if (!types || types.length === 0) return undefined;
  for (const t of types) {
    if (!findEntityTypeByGraphql(t) && !findEntityType(t)) {
      throw validationError(`Unknown entity type ${t}; searchable types: ${ENTITY_TYPES.filter((d) => d.searchable).map((d) => d.name).join(', ')}`);
    }
  }
  return [...types];
}

export const orFiltersOf = (filters: z.infer<typeof FilterSchema>[] | undefined): AndFilter[] | undefined =>
  filters && filters.length > 0 ? [{ and: filters.map((f) => ({ field: f.field, values: f.values, condition: f.condition ?? 'EQUAL', negated: f.negated ?? false })) }] : undefined;

/** The most facet counts take of an answer, so that results always have room beside them. */
const FACET_BYTES = 3 * 1024;

/**
 * Facets as `{field: {value: count}}`, the most frequent values first: up to ten values each, fewer when they would
 * take more than FACET_BYTES (then `facetsTruncated` says so).
 */
export function presentFacets(facets: readonly Facet[] | undefined): { facets: Record<string, Record<string, number>>; facetsTruncated?: true } {
  const build = (n: number) => {
    const out: Record<string, Record<string, number>> = {};
    for (const f of facets ?? []) out[f.field] = Object.fromEntries(f.aggregations.filter((a) => a.count > 0).slice(0, n).map((a) => [a.value, a.count]));
    return out;
  };
  for (let n = FACET_VALUES; n > 1; n--) {
    const out = build(n);
    if (bytesOf(out) <= FACET_BYTES) return n === FACET_VALUES ? { facets: out } : { facets: out, facetsTruncated: true };
  }
  return { facets: build(1), facetsTruncated: true };
}

/** The page's results as brief lines, from the documents the search returned with them. */
export function briefsOf(urns: readonly string[], documents: readonly EntityDoc[] | undefined): Record<string, unknown>[] {
  const byUrn = new Map((documents ?? []).map((d) => [d.urn, d]));
  return urns.map((urn) => {
    const doc = byUrn.get(urn);
    return doc ? briefOf(urn, doc.entityType, doc.aspects) : briefOfUrn(urn);
  });
}

export const facetNames = (facets: readonly string[] | undefined): string[] => (facets && facets.length > 0 ? [...new Set(facets)] : DEFAULT_FACETS);

export function registerSearchTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search',
    {
      title: 'Search the catalog',
      description:
        'Search datasets, columns, jobs, dashboards, tags and other entities with Tessera\'s query language, filters and facet counts. ' +
        'Answers a page of compact results (urn, type, name, description cut to 200 characters, platform, tags), the total, the facet counts, ' +
        'and nextStart when more results exist.',
      inputSchema: searchShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    tool(ctx, async (args: z.infer<z.ZodObject<typeof searchShape>>) => {
      const page = await searchEntities(ctx.services, {
        types: typesOf(args.types),
        query: args.query.trim() === '' ? '*' : args.query,
        orFilters: orFiltersOf(args.filters),
        facets: facetNames(args.facets),
        maxAggValues: FACET_VALUES,
        start: args.start,
        count: args.count,
        withDocuments: true,
      });
      const head = { total: page.total, start: page.start, ...presentFacets(page.facets) };
      return fitPage(head, 'results', briefsOf(page.urns, page.documents), page.start, page.start + page.urns.length < page.total);
    }),
  );
}
