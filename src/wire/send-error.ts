/** Sends a catalog error as the one JSON envelope, with the headers the error table asks for (Retry-After, WWW-Authenticate). */
import type { ServerResponse } from 'node:http';
import { CatalogError, errorEnvelope } from '../errors.js';
import { sendJson } from './json.js';

export function sendError(res: ServerResponse, e: CatalogError, status?: number): void {
  const envelope = errorEnvelope(e, status);
  for (const [k, v] of Object.entries(envelope.headers)) res.setHeader(k, v);
  sendJson(res, envelope.status, envelope.body);
}

/**
 * The Rest.li wire answers a validation problem (a bad body, aspect or URN) with 422, as the original does; any other
 * error is thrown on, to keep its usual status.
 */
export function sendValidationAs422(e: unknown, res: ServerResponse): void {
  if (e instanceof CatalogError && (e.code === 'VALIDATION' || e.code === 'INVALID_URN')) return sendError(res, e, 422);
  throw e;
}
