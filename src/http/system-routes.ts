/** Liveness and readiness (the client configuration probe is in gms/config-routes). */
import { Router } from 'express';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';

const opensearchReachable = (services: Services) => services.indices.reachable(3000);

export function createSystemRouter(services: Services): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    const up = await opensearchReachable(services);
    sendJson(res, 200, { status: 'ok', opensearch: up ? 'reachable' : 'unreachable' });
  });
  r.get('/ready', async (_req, res) => {
    const up = await opensearchReachable(services);
    sendJson(res, up ? 200 : 503, { ready: up, opensearch: up ? 'reachable' : 'unreachable' });
  });
  return r;
}
