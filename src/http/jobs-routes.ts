/** Read-only view of background jobs (clean-ups, reindexes): list by type, key and status, or fetch one by id. */
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { enumParam, intParam, stringParam } from '../wire/params.js';
import type { Route } from '../wire/route.js';

const STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export function jobsRoutes(services: Services): Route[] {
  const list: Route['handle'] = async (req) => {
    const filter = { type: stringParam(req, 'type'), key: stringParam(req, 'key'), status: enumParam(req, 'status', STATUSES) };
    const count = Math.min(intParam(req, 'count', 50), services.config.MAX_COUNT);
    // The jobs index is small; refreshing makes a job enqueued a moment ago visible to this listing.
    await services.indices.refreshJobs();
    sendJson(req.res, 200, { jobs: await services.jobStore.list(filter, count) });
  };
  const one: Route['handle'] = async (req) => {
    const job = await services.jobStore.get(req.params.id);
    if (!job) throw notFound(`Job ${req.params.id} does not exist`);
    sendJson(req.res, 200, job);
  };
  return [
    { method: 'GET', path: '/openapi/v3/jobs', handle: list },
    { method: 'GET', path: '/openapi/v3/jobs/:id', handle: one },
  ];
}
