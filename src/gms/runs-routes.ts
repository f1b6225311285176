/**
 * `POST /runs?action=list|describe|rollback`: the original's ingestion-run resource, as `datahub ingest list-runs`,
 * `show --run-id` and `rollback --run-id` call it, over the run operations (catalog/runs). Answers `{value: …}`.
 */
import { z } from 'zod';
import { describeRun } from '../catalog/runs/describe-run.js';
import { listRuns } from '../catalog/runs/list-runs.js';
import { rollbackRun } from '../catalog/runs/rollback-run.js';
import { formatZodIssues } from '../catalog/write-aspects.js';
import { validationError } from '../errors.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { waitForSearch } from '../wire/params.js';
import type { Call, Route } from '../wire/route.js';
import { sendValidationAs422 } from '../wire/send-error.js';
import { presentClientBrand } from './brand.js';

// Rest.li action parameters: optional ones may be absent or null.
const count = z.number().int().min(0).nullish();
const flag = z.boolean().nullish();
const runId = z.string({ error: 'runId is required' }).min(1, { error: 'runId must name a run' });

export const ListRunsBodySchema = z.strictObject({ pageOffset: count, pageSize: count, includeSoft: flag });
export const DescribeRunBodySchema = z.strictObject({ runId, start: count, count, includeSoft: flag, includeAspect: flag });
export const RollbackRunBodySchema = z.strictObject({ runId, dryRun: flag, hardDelete: flag, safe: flag });

const ACTIONS = ['list', 'describe', 'rollback'] as const;

function parseBody<T>(schema: z.ZodType<T>, req: Call, action: string): T {
  const parsed = schema.safeParse(req.body ?? {});
  if (!parsed.success) throw validationError(`Invalid ${action} request: ${formatZodIssues('body', parsed.error)}`);
  return parsed.data;
}

const isRollback = (query: URLSearchParams) => query.get('action') === 'rollback';

export function runsRoutes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const { actor, res } = req;
    try {
      switch (req.query.action) {
        case 'list': {
          const body = parseBody(ListRunsBodySchema, req, 'list');
          const runs = await listRuns(services, actor, { pageOffset: body.pageOffset ?? undefined, pageSize: body.pageSize ?? undefined, includeSoft: body.includeSoft === true });
          return sendJson(res, 200, { value: runs });
        }
        case 'describe': {
          const body = parseBody(DescribeRunBodySchema, req, 'describe');
          const input = { runId: body.runId, start: body.start ?? undefined, count: body.count ?? undefined, includeSoft: body.includeSoft === true, includeAspect: body.includeAspect === true };
          return sendJson(res, 200, { value: await describeRun(services, actor, input, presentClientBrand) });
        }
        case 'rollback': {
          const body = parseBody(RollbackRunBodySchema, req, 'rollback');
          // `safe` (the CLI's default, --safe/--nuke) wins over the deprecated `hardDelete`, as in the original.
          const hardDelete = body.safe != null ? !body.safe : body.hardDelete === true;
          return sendJson(res, 200, { value: await rollbackRun(services, actor, { runId: body.runId, dryRun: body.dryRun === true, hardDelete, waitForSearch: waitForSearch(req) }) });
        }
        default:
          throw validationError(`Unknown action ${JSON.stringify(req.query.action ?? null)} on /runs; one of ${ACTIONS.join(', ')}`);
      }
    } catch (e) {
      sendValidationAs422(e, res);
    }
  };
  return [{ method: 'POST', path: '/runs', gate: (query) => (isRollback(query) ? 'write' : 'read'), mayChange: (_body, query) => isRollback(query), handle }];
}
