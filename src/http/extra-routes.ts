/** Routers beyond the generic entity routes (e.g. the original client's ingest wire), mounted under `/` and `/gms`. */
import type { Router } from 'express';
import type { Services } from '../services.js';
import { createIngestRouter } from '../gms/ingest-routes.js';
import { createOpenApiRouter } from './openapi-routes.js';
import { createJobsRouter } from './jobs-routes.js';

export const extraRouters: ((services: Services) => Router)[] = [
  createIngestRouter,
  createOpenApiRouter,
  createJobsRouter,
];
