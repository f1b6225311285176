/** Maps OpenSearch client failures onto the catalog's error taxonomy; nothing outside storage sees an engine error. */
import { errors } from '@opensearch-project/opensearch';
import { CatalogError, timedOut, unavailable, validationError } from '../errors.js';
import { carryEngineFailure, noteEngineFailure } from './engine-failures.js';

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

/** A mapping the index refuses (a field already mapped differently). */
export function isMappingRefusal(e: unknown): e is errors.ResponseError {
  return e instanceof errors.ResponseError && e.statusCode === 400 && /illegal_argument|mapper_parsing/.test(JSON.stringify(e.body ?? ''));
}

/** The engine's own words for a refusal. */
export function refusalReason(e: errors.ResponseError): string {
  const err = (e.body as { error?: { root_cause?: { reason?: string }[]; reason?: string } })?.error;
  return err?.root_cause?.[0]?.reason ?? err?.reason ?? 'refused';
}

/** Connection trouble and overload become UNAVAILABLE (503 + Retry-After); everything else stays internal. */
export function toCatalogError(e: unknown): unknown {
  return carried(e, catalogErrorOf(e));
}

/** A search's own failures: running out of time is a 504, and the index's 400 (say, a tampered scroll position) is the caller's to fix. */
export function toSearchError(e: unknown): unknown {
  if (e instanceof errors.TimeoutError) return carried(e, timedOut('The search did not finish in time; narrow it or try again'));
  if (e instanceof errors.ResponseError && e.statusCode === 400) return carried(e, validationError(`Invalid search: ${refusalReason(e)}`));
  return toCatalogError(e);
}

/** The mapped error, which still names the failed engine call behind it (engine-failures.ts). */
function carried(from: unknown, to: unknown): unknown {
  carryEngineFailure(from, to);
  return to;
}

function catalogErrorOf(e: unknown): unknown {
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

/**
 * The documents of an `_mget` answer. An item the engine could not read (a closed index, a shard with no copy) fails the
 * whole read: left out, it would read as a document that does not exist (a hit's tags gone, an existing entity
 * created anew, an event appended twice). An item of an index that does not exist is absent, as its document is.
 */
export function mgetDocs(body: unknown): any[] {
  const docs = (body as { docs?: any[] } | undefined)?.docs ?? [];
  for (const d of docs) {
    const type: string | undefined = d.error?.type;
    if (!d.error || type === 'index_not_found_exception') continue;
    const e = unavailable(`OpenSearch could not read every document asked for (${type ?? 'error'}); retry shortly`);
    noteEngineFailure(e, { operation: 'POST _mget', kind: 'item_error', ...(type && { type }) });
    throw e;
  }
  return docs;
}

/** Runs a read of one document: null when it does not exist, any other failure as `guarded` maps it. */
export async function absentAsNull<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await guarded(fn);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

export async function guarded<T>(fn: () => Promise<T>, map: (e: unknown) => unknown = toCatalogError): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw map(e);
  }
}
