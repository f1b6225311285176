/** Routers beyond the generic entity routes (e.g. the original client's ingest wire), mounted under `/` and `/gms`. */
import type { Router } from 'express';
import type { Services } from '../services.js';

export const extraRouters: ((services: Services) => Router)[] = [];
