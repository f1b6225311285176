/**
 * The one route table: every route of the service, REST v2/v3, the original client's wire, GraphQL, MCP, documents,
 * jobs, health, metrics and the web page. The pipeline (pipeline.ts) serves it through one router; each route is also
 * reachable under `/gms` (except the web page), as the original's clients expect.
 */
import { createGraphqlServe } from '../graphql/handler.js';
import { GRAPHIQL_CSP, graphiqlAssetRoutes, renderGraphiqlPage } from './graphiql-page.js';
import { aspectsRoutes } from '../gms/aspects-routes.js';
import { configRoutes } from '../gms/config-routes.js';
import { entitiesRoutes } from '../gms/entities-routes.js';
import { entitiesV2Routes } from '../gms/entities-v2-routes.js';
import { ingestRoutes } from '../gms/ingest-routes.js';
import { runsRoutes } from '../gms/runs-routes.js';
import { snapshotRoutes } from '../gms/snapshot-routes.js';
import { timeseriesRoutes } from '../gms/timeseries-routes.js';
import { searchRoutes } from '../gms/search-routes.js';
import { mcpRoutes } from '../mcp/mcp-routes.js';
import type { Services } from '../services.js';
import { accessTokenRoutes } from './access-token-routes.js';
import { accessRoutes } from './access-routes.js';
import { historyRoutes } from './history-routes.js';
import { relationshipRoutes } from './relationship-routes.js';
import { timeseriesRoutes as openApiTimeseriesRoutes } from './timeseries-routes.js';
import { csvRoutes } from './csv-routes.js';
import { propertyRuleRoutes } from './property-rule-routes.js';
import { webhookRoutes } from './webhook-routes.js';
import { entityRoutes } from './entity-routes.js';
import { jobsRoutes } from './jobs-routes.js';
import { metricsRoutes } from './metrics-routes.js';
import { openApiRoutes } from './openapi-routes.js';
import type { Call, Route } from '../wire/route.js';
import { systemRoutes } from './system-routes.js';
import { uiRoutes } from './ui-routes.js';
import { webSessionRoutes } from './web-session.js';
import { v2Dialect } from './v2/dialect.js';
import { v3Dialect } from './v3/dialect.js';

function graphqlRoutes(services: Services): Route[] {
  const { serve, mayChange } = createGraphqlServe(services, renderGraphiqlPage);
  const handle = ({ req, res, actor, requestId }: Call) =>
    new Promise<void>((resolve, reject) => {
      if (req.headers.accept?.includes('text/html')) res.setHeader('Content-Security-Policy', GRAPHIQL_CSP);
      res.once('finish', () => resolve());
      res.once('close', () => resolve());
      serve(req, res, actor, requestId, (err) => (err === undefined ? resolve() : reject(err)));
    });
  return [
    {
      method: ['GET', 'POST'],
      path: ['/api/graphql', '/api/v2/graphql'],
      // GraphiQL is an HTML page (yoga renders it for GET + text/html and executes nothing); operations always need a token.
      public: (headers) => !!headers.accept?.includes('text/html'),
      // Every authenticated caller reaches the executor: each query and mutation field decides on its own (tokens and
      // `me` are the caller's own; mutations are gated before they run, see executor-plugins.ts).
      gate: 'self',
      // Only a mutation changes anything (the parsed operation says); queries run without provenance.
      mayChange,
      handle,
    },
    ...graphiqlAssetRoutes(),
  ];
}

export function createRoutes(services: Services): Route[] {
  return [
    ...systemRoutes(services),
    ...metricsRoutes(services.metrics, services.config.METRICS_PUBLIC),
    ...entityRoutes(services, v2Dialect),
    ...entityRoutes(services, v3Dialect),
    // The first /aspects route decides the path's gate by its action (a time-series read reads; the others write).
    ...timeseriesRoutes(services),
    ...ingestRoutes(services),
    ...aspectsRoutes(services),
    ...entitiesV2Routes(services),
    // The first /entities route decides the path's gate by its action (a search reads; the others write).
    ...searchRoutes(services),
    ...entitiesRoutes(services),
    ...snapshotRoutes(services),
    ...runsRoutes(services),
    ...configRoutes(),
    ...openApiRoutes(),
    ...jobsRoutes(services),
    ...accessTokenRoutes(services),
    ...accessRoutes(services),
    ...historyRoutes(services),
    ...relationshipRoutes(services),
    ...openApiTimeseriesRoutes(services),
    ...csvRoutes(services),
    ...propertyRuleRoutes(services),
    ...webhookRoutes(services),
    ...graphqlRoutes(services),
    ...mcpRoutes(services),
    ...webSessionRoutes(services, services.config.TRUST_PROXY),
    ...uiRoutes(),
  ];
}
