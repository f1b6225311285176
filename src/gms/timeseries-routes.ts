/**
 * `POST /aspects?action=getTimeseriesAspectValues`: the original client's read of time-series points (the stateful
 * ingestion checkpoint, profiles, operations), over the one read operation. The path's other actions write, so this
 * route, the path's first, decides its gate by the action.
 */
import { z } from 'zod';
import { readPoints } from '../catalog/timeseries/read-points.js';
import { formatZodIssues } from '../catalog/write-aspects.js';
import { validationError } from '../errors.js';
import type { Services } from '../services.js';
import { sendValidationAs422 } from '../wire/send-error.js';
import { sendJson } from '../wire/json.js';
import { DECLINE, type Route } from '../wire/route.js';

const CriterionSchema = z.strictObject({
  field: z.string(),
  value: z.string().optional(),
  values: z.array(z.string()).optional(),
  condition: z.string().optional(),
  negated: z.boolean().optional(),
});
const FilterSchema = z.strictObject({
  or: z.array(z.strictObject({ and: z.array(CriterionSchema) })).optional(),
  criteria: z.array(CriterionSchema).optional(),
});
const BodySchema = z.strictObject({
  urn: z.string(),
  entity: z.string(),
  aspect: z.string(),
  startTimeMillis: z.number().int().optional(),
  endTimeMillis: z.number().int().optional(),
  limit: z.number().int().optional(),
  latestValue: z.boolean().optional(),
  filter: FilterSchema.nullable().optional(),
  sort: z.strictObject({ field: z.literal('timestampMillis'), order: z.enum(['ASCENDING', 'DESCENDING']) }).optional(),
});

type Criterion = z.infer<typeof CriterionSchema>;
const criterion = (c: Criterion) => ({ field: c.field, values: c.values ?? (c.value !== undefined ? [c.value] : []), condition: c.condition, negated: c.negated });

const isRead = (query: URLSearchParams) => query.get('action') === 'getTimeseriesAspectValues';

export function timeseriesRoutes(services: Services): Route[] {
  return [
    {
      method: 'POST',
      path: '/aspects',
      gate: (query) => (isRead(query) ? 'read' : 'write'),
      mayChange: (_body, query) => !isRead(query),
      handle: async (req) => {
        if (req.query.action !== 'getTimeseriesAspectValues') return DECLINE;
        try {
          const parsed = BodySchema.safeParse(req.body);
          if (!parsed.success) throw validationError(`Invalid getTimeseriesAspectValues request: ${formatZodIssues('body', parsed.error)}`);
          const b = parsed.data;
          const filter = b.filter?.or ? b.filter.or.map((g) => g.and.map(criterion)) : b.filter?.criteria ? [b.filter.criteria.map(criterion)] : undefined;
          const page = await readPoints(services, req.actor, {
            entityType: b.entity,
            aspect: b.aspect,
            urn: b.urn,
            startTimeMillis: b.startTimeMillis,
            endTimeMillis: b.endTimeMillis,
            limit: b.latestValue ? 1 : b.limit,
            filter,
            order: b.sort?.order === 'ASCENDING' ? 'asc' : 'desc',
          });
          sendJson(req.res, 200, {
            value: {
              entityName: page.entityType,
              aspectName: page.aspect,
              ...(b.startTimeMillis !== undefined && { startTimeMillis: b.startTimeMillis }),
              ...(b.endTimeMillis !== undefined && { endTimeMillis: b.endTimeMillis }),
              limit: b.latestValue ? 1 : (b.limit ?? services.config.MAX_COUNT),
              values: page.points.map((p) => ({ aspect: { value: JSON.stringify(p.event), contentType: 'application/json' }, ...(p.systemMetadata && { systemMetadata: p.systemMetadata }) })),
            },
          });
        } catch (e) {
          sendValidationAs422(e, req.res);
        }
      },
    },
  ];
}
