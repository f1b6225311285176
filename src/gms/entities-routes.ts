/** `POST /entities?action=delete|deleteReferences`: the hard-delete actions of the original's Rest.li wire, over the delete operations. */
import { z } from 'zod';
import { deleteEntity } from '../catalog/delete-entity.js';
import { deleteEntityPoints } from '../catalog/timeseries/delete-points.js';
import { resolveTarget } from '../catalog/entity-target.js';
import { formatZodIssues } from '../catalog/write-aspects.js';
import { validationError } from '../errors.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { waitForSearch } from '../wire/params.js';
import { deleteTagReferences } from './tag-references.js';
import { DECLINE, type Call, type Route } from '../wire/route.js';

export const DeleteBodySchema = z.strictObject({ urn: z.string(), aspectName: z.string().optional(), startTimeMillis: z.number().int().optional(), endTimeMillis: z.number().int().optional() });
export const ReferencesBodySchema = z.strictObject({ urn: z.string(), dryRun: z.union([z.boolean(), z.enum(['true', 'false'])]).optional() });

function parseBody<T>(schema: z.ZodType<T>, req: Call, action: string): T {
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) throw validationError(`Invalid ${action} request: ${formatZodIssues('body', parsed.error)}`);
  return parsed.data;
}

export function entitiesRoutes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const { actor, res } = req;
    if (req.query.action === 'delete') {
      const body = parseBody(DeleteBodySchema, req, 'delete');
      const target = resolveTarget(undefined, body.urn);
      if (body.aspectName !== undefined) {
        const timeseriesRows = await deleteEntityPoints(services, target, actor, body.aspectName, body);
        return sendJson(res, 200, { value: { urn: target.urn.raw, rows: 0, timeseriesRows } });
      }
      const deleted = await deleteEntity(services, target, actor, { waitForSearch: waitForSearch(req) });
      return sendJson(res, 200, { value: { urn: target.urn.raw, ...deleted } });
    }
    if (req.query.action === 'deleteReferences') {
      const body = parseBody(ReferencesBodySchema, req, 'deleteReferences');
      const target = resolveTarget(undefined, body.urn);
      const dryRun = body.dryRun === true || body.dryRun === 'true';
      // Only tags are referred to by other entities' aspects in Tessera; property values go with their definition's clean-up job.
      const refs = target.def.name === 'tag' ? await deleteTagReferences(services, { tagUrn: target.urn.raw, dryRun, actor }) : { total: 0, relatedAspects: [] };
      return sendJson(res, 200, { value: refs });
    }
    return DECLINE;
  };
  return [{ method: 'POST', path: '/entities', handle }];
}
