/** `GET /metrics`: this service's Prometheus registry in the text exposition format. */
import { Router } from 'express';
import type { Metrics } from '../metrics/metrics.js';

export function createMetricsRouter(metrics: Metrics): Router {
  const r = Router();
  r.get('/metrics', async (_req, res) => {
    res.status(200).type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  return r;
}
