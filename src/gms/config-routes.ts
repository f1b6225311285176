/** `GET /config`, the probe the original's client makes before every command: only what Tessera really does. */
import { sendJson } from '../wire/json.js';
import type { Route } from '../wire/route.js';

/**
 * `noCode` must be the string "true" or the client refuses to talk to us. The version stays below 1.0.1, the release
 * from which the client's SDK switches its writes to the OpenAPI entity routes.
 */
export const CLIENT_CONFIG = {
  noCode: 'true',
  patchCapable: true,
  // Checkpoints are time-series points (getTimeseriesAspectValues): `pipeline_name` recipes may keep state.
  statefulIngestionCapable: true,
  timeZone: 'GMT',
  supportsImpactAnalysis: true,
  versions: { 'acryldata/datahub': { version: 'v0.13.1', commit: 'tessera' }, tessera: { version: '0.1.0' } },
  datahub: { serverType: 'quickstart', serverEnv: 'core' },
  telemetry: { enabledCli: false, enabledIngestion: false },
  managedIngestion: { enabled: false, defaultCliVersion: '' },
  models: {},
} as const;

export function configRoutes(): Route[] {
  return [{ method: 'GET', path: '/config', public: true, handle: ({ res }) => sendJson(res, 200, CLIENT_CONFIG) }];
}
