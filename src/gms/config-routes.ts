/** `GET /config`, the probe the original's client makes before every command: only what Tessera really does. */
import { sendJson } from '../wire/json.js';
import type { Route } from '../wire/route.js';

/**
 * `noCode` must be the string "true" or the client refuses to talk to us. The version is the one from which the
 * original's client and MCP server enable everything Tessera serves: from 1.0.1 the SDK writes through the OpenAPI
 * entity routes (REST v3 batches, with conditional headers), from 1.4.0 the MCP server offers its edit, history and
 * `get_me` tools. Below 1.7.0 the ingestion framework keeps its older status-aspect rule, and the client asks for no
 * aspect Tessera's registry lacks. Writes answer once durable, so there is no write trace to wait on (no traceparent).
 */
export const CLIENT_CONFIG = {
  noCode: 'true',
  patchCapable: true,
  // Checkpoints are time-series points (getTimeseriesAspectValues): `pipeline_name` recipes may keep state.
  statefulIngestionCapable: true,
  timeZone: 'GMT',
  supportsImpactAnalysis: true,
  versions: { 'acryldata/datahub': { version: 'v1.4.0', commit: 'tessera' }, tessera: { version: '0.1.0' } },
  datahub: { serverType: 'quickstart', serverEnv: 'core' },
  telemetry: { enabledCli: false, enabledIngestion: false },
  managedIngestion: { enabled: false, defaultCliVersion: '' },
  models: {},
} as const;

export function configRoutes(): Route[] {
  return [{ method: 'GET', path: '/config', public: true, handle: ({ res }) => sendJson(res, 200, CLIENT_CONFIG) }];
}
