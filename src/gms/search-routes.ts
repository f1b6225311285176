/**
 * `POST /entities?action=search`: the original client's search over one entity type (`DataHubGraph` resolves a domain
 * or data product by name through it, as the glossary source does), over the one search operation. The path's other
 * actions write, so the path's gate is decided by the action: a search needs only to be able to read.
 */
import { z } from 'zod';
import { searchEntities } from '../catalog/search/search-entities.js';
import { formatZodIssues } from '../catalog/write-aspects.js';
import { validationError } from '../errors.js';
import { findEntityType } from '../model/entity-types.js';
import type { AndFilter } from '../search/filters.js';
import type { Services } from '../services.js';
import { sendValidationAs422 } from '../wire/send-error.js';
import { sendJson } from '../wire/json.js';
import { DECLINE, type Route } from '../wire/route.js';

const CriterionSchema = z.object({
  field: z.string(),
  value: z.string().optional(),
  values: z.array(z.string()).optional(),
  condition: z.string().optional(),
  negated: z.boolean().optional(),
});
const FilterSchema = z.object({
  or: z.array(z.object({ and: z.array(CriterionSchema) })).optional(),
  criteria: z.array(CriterionSchema).optional(),
});
const SearchSchema = z.object({
  input: z.string(),
  entity: z.string(),
  start: z.number().int().min(0).optional(),
  count: z.number().int().min(0).optional(),
  filter: FilterSchema.nullable().optional(),
  searchFlags: z.record(z.string(), z.unknown()).optional(),
  sort: z.unknown().optional(),
});

/** The Rest.li filter (`or` of `and`s, or the older flat `criteria`) as the search operation takes it. */
function orFiltersOf(filter: z.infer<typeof FilterSchema> | null | undefined): AndFilter[] | undefined {
  const criterion = (c: z.infer<typeof CriterionSchema>) => ({ field: c.field, values: c.values ?? (c.value !== undefined ? [c.value] : []), condition: c.condition ?? 'EQUAL', negated: c.negated ?? false });
  if (filter?.or) return filter.or.map((g) => ({ and: g.and.map(criterion) }));
  if (filter?.criteria) return [{ and: filter.criteria.map(criterion) }];
  return undefined;
}

const isSearch = (query: URLSearchParams) => query.get('action') === 'search';

export function searchRoutes(services: Services): Route[] {
  return [
    {
      method: 'POST',
      path: '/entities',
      gate: (query) => (isSearch(query) ? 'read' : 'write'),
      mayChange: (_body, query) => !isSearch(query),
      handle: async (req) => {
        if (req.query.action !== 'search') return DECLINE;
        try {
          const parsed = SearchSchema.safeParse(req.body);
          if (!parsed.success) throw validationError(`Invalid search request: ${formatZodIssues('body', parsed.error)}`);
          const body = parsed.data;
          const def = findEntityType(body.entity);
          if (!def) throw validationError(`Unknown entity type ${body.entity}`);
          await services.access.authorize(req.actor, 'VIEW_METADATA', {}, `searching ${def.name}`);
          const page = await searchEntities(services, { types: [def.name], query: body.input, orFilters: orFiltersOf(body.filter), start: body.start ?? 0, count: body.count ?? 10 });
          sendJson(req.res, 200, {
            value: { entities: page.urns.map((entity) => ({ entity, matchedFields: [] })), numEntities: page.total, from: page.start, pageSize: page.urns.length, metadata: { aggregations: [] } },
          });
        } catch (e) {
          sendValidationAs422(e, req.res);
        }
      },
    },
  ];
}
