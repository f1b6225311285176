/** Times and counts every OpenSearch call by operation (method and endpoint, never an index name or id), and logs the failures that are not part of normal work. */
import type { Client } from '@opensearch-project/opensearch';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { noteEngineFailure } from './engine-failures.js';

/** Endpoints whose next path segment names the call too (`_cluster/health`, `_cat/indices`). */
const TWO_PART = new Set(['_cluster', '_cat', '_nodes', '_tasks', '_snapshot', '_ingest']);

/** `GET /t_dataset/_doc/urn%3A…` → `GET _doc`; `PUT /t_dataset_2024` → `PUT index`; `GET /_cluster/health` → `GET _cluster/health`. */
export function operationOf(method: string, path: string): string {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  const at = segments.findIndex((s) => s.startsWith('_'));
  if (at < 0) return `${method} ${segments.length === 0 ? '/' : 'index'}`;
  const endpoint = TWO_PART.has(segments[at]) && segments[at + 1] && !segments[at + 1].startsWith('_') ? `${segments[at]}/${segments[at + 1]}` : segments[at];
  return `${method} ${endpoint}`;
}

/** What kind of failure: the transport's error classes, or the answer's status. */
function kindOf(err: { name?: string; meta?: { statusCode?: number } }): string {
  if (err.name === 'TimeoutError') return 'timeout';
  if (err.name === 'ConnectionError' || err.name === 'NoLivingConnectionsError') return 'connection';
  const status = err.meta?.statusCode;
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return status ? `status_${status}` : (err.name ?? 'error');
}

export function observeOpenSearchCalls(client: Client, metrics?: Metrics, log?: Logger): void {
  const started = new WeakMap<object, bigint>();
  client.on('request', (_err, result) => {
    // Retries emit `request` again: the first attempt starts the clock.
    if (result?.meta && !started.has(result.meta)) started.set(result.meta, process.hrtime.bigint());
  });
  client.on('response', (err, result) => {
    const params = result?.meta?.request?.params as { method?: string; path?: string } | undefined;
    const operation = params?.method && params.path !== undefined ? operationOf(params.method, params.path) : 'unknown';
    const start = result?.meta ? started.get(result.meta) : undefined;
    if (start !== undefined) metrics?.opensearchRequests.observe({ operation }, Number(process.hrtime.bigint() - start) / 1e9);
    if (!err) return;
    const kind = kindOf(err as never);
    metrics?.opensearchErrors.inc({ operation, kind });
    // Missing documents and lost conditional writes are ordinary answers; anything else is worth a line (engine-failures.ts).
    if (kind !== 'not_found' && kind !== 'conflict') {
      const type = (result?.body as { error?: { type?: string } } | undefined)?.error?.type;
      noteEngineFailure(err, { operation, kind, attempts: result?.meta?.attempts, ...(type && { type }) }, log);
    }
  });
}
