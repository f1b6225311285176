/** `GET /metrics`: this service's Prometheus registry in the text exposition format. */
import type { Metrics } from '../metrics/metrics.js';
import { sendText } from '../wire/send-text.js';
import type { Route } from '../wire/route.js';

/** Scrapers inside a private network may read /metrics without a token when METRICS_PUBLIC=true; otherwise it is protected like the API. */
export function metricsRoutes(metrics: Metrics, isPublic: boolean): Route[] {
  return [{ method: 'GET', path: '/metrics', public: isPublic, handle: async ({ res }) => sendText(res, 200, metrics.registry.contentType, await metrics.registry.metrics()) }];
}
