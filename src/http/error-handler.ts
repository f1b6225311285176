/** The HTTP error boundary: every failure becomes the one JSON envelope with its status; nothing else leaks. */
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { CatalogError, internalError, notFound, validationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { sendError } from '../wire/send-error.js';
import { fromBodyError } from './body-errors.js';

/** Answers a failure, from the Express app or from the front alike. */
export function answerError(res: ServerResponse, err: unknown, log: Logger): void {
  const known = err instanceof CatalogError ? err : fromBodyError(err);
  if (known) return sendError(res, known);
  const status = (err as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return sendError(res, validationError((err as Error).message));
  // The request's own line names its route template and shares its request id; the raw path (URNs) stays out of the log.
  log.error({ err }, 'unhandled error');
  sendError(res, internalError());
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => answerError(res, err, log);
}

export const notFoundHandler: RequestHandler = (req, res) => sendError(res, notFound(`No route for ${req.method} ${req.path}`));
