/** Builds the Express application (never listens): middleware, REST v2/v3, GraphQL, health, under `/` and `/gms`. */
import express, { Router } from 'express';
import type { Services } from '../services.js';
import { authMiddleware } from './auth-middleware.js';
import { bodyReader } from './body-reader.js';
import { createEntityRouter } from './entity-routes.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { createGraphqlHandler, createGraphqlServe, type GraphqlServe } from '../graphql/handler.js';
import { createSystemRouter } from './system-routes.js';
import { sendJson } from '../wire/json.js';
import { v2Dialect } from './v2/dialect.js';
import { v3Dialect } from './v3/dialect.js';
import { extraRouters } from './extra-routes.js';
import { createUiRouter } from './ui-routes.js';
import { requestContext } from './request-id.js';
import { requestLog } from './request-log.js';
import { createMetricsRouter } from './metrics-routes.js';

export function createHttpApp(services: Services, graphqlServe: GraphqlServe = createGraphqlServe(services)): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No conditional GETs are served: hashing every answer for an ETag nobody sends back is wasted work.
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.use(requestContext());
  app.use(requestLog(services.log, services.metrics));
  // Scrapers inside a private network may read /metrics without a token when METRICS_PUBLIC=true; otherwise it is protected like the API.
  const metrics = createMetricsRouter(services.metrics);
  if (services.config.METRICS_PUBLIC) for (const prefix of ['/gms', '/']) app.use(prefix, metrics);
  app.use(authMiddleware(services.auth));
  app.use('/ui', createUiRouter());
  app.use(bodyReader({ maxBodyBytes: services.config.MAX_BODY_BYTES, maxJsonDepth: services.config.MAX_JSON_DEPTH }));

  const api = Router();
  api.use(createSystemRouter(services));
  if (!services.config.METRICS_PUBLIC) api.use(metrics);
  api.use('/openapi/v2/entity', createEntityRouter(services, v2Dialect));
  api.use('/openapi/v3/entity', createEntityRouter(services, v3Dialect));
  for (const extra of extraRouters) api.use(extra(services));
  const graphql = createGraphqlHandler(graphqlServe);
  for (const path of ['/api/graphql', '/api/v2/graphql']) api.use(path, graphql);

  app.use('/gms', api);
  app.use(api);
  app.use(notFoundHandler);
  app.use(errorHandler(services.log));
  void sendJson;
  return app;
}
