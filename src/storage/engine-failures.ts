/**
 * The failed engine calls worth a line (anything but a missing document or a lost conditional write): logged where
 * they happen, and kept with the error they threw — and with the catalog error it is mapped to — so that a request
 * that fails because of one names it in its own line with its request id. Reads run without a log context
 * (logger.ts), so the call's own line carries a request id only for work that may change something.
 */
import type { Logger } from '../logger.js';

export interface EngineFailure {
  /** `GET _doc`, `POST _search` (opensearch-calls.ts operationOf). */
  operation: string;
  /** `timeout`, `connection`, `status_400` … */
  kind: string;
  attempts?: number;
  /** The engine's error type (`index_closed_exception`), when it answered one. */
  type?: string;
}

const failures = new WeakMap<object, EngineFailure>();

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/** Logs a failed call and keeps its description with the error it threw. */
export function noteEngineFailure(err: unknown, failure: EngineFailure, log?: Logger): void {
  if (isObject(err)) failures.set(err, failure);
  log?.warn({ opensearch: failure }, 'OpenSearch call failed');
}

/** The line of a request that failed because of a failed engine call: its own id and the call (README, Monitoring). */
export function logRequestFailure(log: Logger, requestId: string | undefined, failure: EngineFailure): void {
  log.warn({ requestId, opensearch: failure }, 'request failed');
}

/** The failed call behind an error, if an engine call's failure is what it is (or was mapped from). */
export const engineFailureOf = (err: unknown): EngineFailure | undefined => (isObject(err) ? failures.get(err) : undefined);

/** Keeps the failed call of `from` with the error it was mapped to. */
export function carryEngineFailure(from: unknown, to: unknown): void {
  const failure = engineFailureOf(from);
  if (failure && isObject(to) && to !== from) failures.set(to, failure);
}
