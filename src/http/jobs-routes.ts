/** Read-only view of background jobs (clean-ups, reindexes): list by type, key and status, or fetch one by id. */
import { Router } from 'express';
import { notFound } from '../errors.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { enumParam, intParam, stringParam } from '../wire/params.js';

const STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export function createJobsRouter(services: Services): Router {
  const r = Router();
  r.get('/openapi/v3/jobs', async (req, res) => {
    const filter = { type: stringParam(req, 'type'), key: stringParam(req, 'key'), status: enumParam(req, 'status', STATUSES) };
    const count = Math.min(intParam(req, 'count', 50), services.config.MAX_COUNT);
    // The jobs index is small; refreshing makes a job enqueued a moment ago visible to this listing.
    await services.indices.refreshJobs();
    sendJson(res, 200, { jobs: await services.jobStore.list(filter, count) });
  });
  r.get('/openapi/v3/jobs/:id', async (req, res) => {
    const job = await services.jobStore.get(String(req.params.id));
    if (!job) throw notFound(`Job ${req.params.id} does not exist`);
    sendJson(res, 200, job);
  });
  return r;
}
