/** Sends a catalog error as the one JSON envelope, with the headers the error table asks for (Retry-After, WWW-Authenticate). */
import type { ServerResponse } from 'node:http';
import { errorEnvelope, type CatalogError } from '../errors.js';
import { sendJson } from './json.js';

export function sendError(res: ServerResponse, e: CatalogError, status?: number): void {
  const envelope = errorEnvelope(e, status);
  for (const [k, v] of Object.entries(envelope.headers)) res.setHeader(k, v);
  sendJson(res, envelope.status, envelope.body);
}
