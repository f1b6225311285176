/** The HTTP error boundary: every failure becomes the one JSON envelope with its status; nothing else leaks. */
import type { ServerResponse } from 'node:http';
import { CatalogError, internalError, validationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { sendError } from '../wire/send-error.js';

/** Answers a failure of any route (the pipeline's one error boundary). */
export function answerError(res: ServerResponse, err: unknown, log: Logger, requestId?: string): void {
  if (err instanceof CatalogError) return sendError(res, err);
  const status = (err as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return sendError(res, validationError((err as Error).message));
  // The request's own line names its route template and shares its request id; the raw path (URNs) stays out of the log.
  log.error({ err, requestId }, 'unhandled error');
  sendError(res, internalError());
}
