/** Maps OpenSearch client failures onto the catalog's error taxonomy. */
import { errors } from '@opensearch-project/opensearch';
import { CatalogError, unavailable } from '../errors.js';

export function isVersionConflict(e: unknown): boolean {
  return e instanceof errors.ResponseError && e.statusCode === 409;
}

/** A write refused because the index is write-blocked (the reindex job blocks writes while it copies). */
export function isWriteBlocked(e: unknown): boolean {
  return e instanceof errors.ResponseError && (e.body as { error?: { type?: string } })?.error?.type === 'cluster_block_exception';
}

export function isNotFound(e: unknown): boolean {
  return e instanceof errors.ResponseError && e.statusCode === 404;
}

/** Connection trouble and overload become UNAVAILABLE (503 + Retry-After); everything else stays internal. */
export function toCatalogError(e: unknown): unknown {
  if (e instanceof CatalogError) return e;
  if (e instanceof errors.ConnectionError || e instanceof errors.TimeoutError || e instanceof errors.NoLivingConnectionsError) {
    return unavailable('OpenSearch is unreachable');
  }
  if (e instanceof errors.ResponseError && (e.statusCode === 429 || e.statusCode === 503)) {
    return unavailable('OpenSearch is overloaded');
  }
  if (isWriteBlocked(e)) return unavailable('The index is being rebuilt and does not accept writes yet; retry shortly');
  return e;
}

export async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toCatalogError(e);
  }
}
