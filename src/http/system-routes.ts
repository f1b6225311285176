/** Liveness and readiness (the client configuration probe is in gms/config-routes); /ready names the check that fails. */
import { isBootstrapped } from '../catalog/bootstrap.js';
import { reindexLockHolder } from '../jobs/reindex-lock.js';
import { EAGER_ENTITY_TYPES } from '../storage/entity-indices.js';
import { systemIndices } from '../storage/indices.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import type { Route } from '../wire/route.js';

/** How long /health trusts its last look at the cluster: probes every second cost one cluster call per few seconds. */
const HEALTH_TTL_MS = 5000;

type CheckName = 'opensearch' | 'indices' | 'bootstrap' | 'reindex';
interface Failure {
  failing: CheckName;
  message: string;
}

/** The readiness checks in order; the first that fails is named, the later ones are not run. */
async function readiness(services: Services): Promise<Failure | undefined> {
  if (!(await services.indices.reachable(3000))) return { failing: 'opensearch', message: 'OpenSearch is unreachable' };
  try {
    // The catalog's own indices and those of the built-in types; other entity indices are made by their first write.
    const aliases = [...systemIndices(services.names).map(([alias]) => alias), ...EAGER_ENTITY_TYPES.map((t) => services.names.entity(t))];
    // One call when all is well; only a failure looks for the missing ones, to name them.
    if (!(await services.indices.exists(aliases.join(',')))) {
      const missing = [];
      for (const alias of aliases) if (!(await services.indices.exists(alias))) missing.push(alias);
      return { failing: 'indices', message: `Indices missing: ${missing.join(', ')}` };
    }
    if (!(await isBootstrapped(services))) return { failing: 'bootstrap', message: 'The built-in data types are missing: the catalog was not bootstrapped' };
    const holder = await reindexLockHolder(services);
    if (holder) return { failing: 'reindex', message: `A reindex is in progress (${holder}); writes may be blocked until it finishes` };
  } catch (e) {
    return { failing: 'opensearch', message: `OpenSearch failed a readiness check: ${(e as Error).message}` };
  }
  return undefined;
}

export function systemRoutes(services: Services): Route[] {
  let health: { at: number; up: Promise<boolean> } | undefined;
  const healthRoute = async ({ res }: { res: Parameters<typeof sendJson>[0] }) => {
    if (!health || Date.now() - health.at > HEALTH_TTL_MS) health = { at: Date.now(), up: services.indices.reachable(3000) };
    const up = await health.up;
    sendJson(res, 200, { status: 'ok', opensearch: up ? 'reachable' : 'unreachable' });
  };
  const readyRoute = async ({ res }: { res: Parameters<typeof sendJson>[0] }) => {
    const failure = await readiness(services);
    if (failure) return sendJson(res, 503, { ready: false, ...failure });
    sendJson(res, 200, { ready: true });
  };
  return [
    { method: 'GET', path: '/health', public: true, handle: healthRoute },
    { method: 'GET', path: '/ready', public: true, handle: readyRoute },
  ];
}
