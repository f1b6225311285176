/** Routers beyond the generic entity routes (e.g. the original client's ingest wire), mounted under `/` and `/gms`. */
import type { Router } from 'express';
import type { Services } from '../services.js';
import { createIngestRouter } from '../gms/ingest-routes.js';
import { createAspectsRouter } from '../gms/aspects-routes.js';
import { createConfigRouter } from '../gms/config-routes.js';
import { createEntitiesRouter } from '../gms/entities-routes.js';
import { createEntitiesV2Router } from '../gms/entities-v2-routes.js';
import { createOpenApiRouter } from './openapi-routes.js';
import { createJobsRouter } from './jobs-routes.js';

export const extraRouters: ((services: Services) => Router)[] = [
  createIngestRouter,
  createAspectsRouter,
  createEntitiesV2Router,
  createEntitiesRouter,
  createConfigRouter,
  createOpenApiRouter,
  createJobsRouter,
];
