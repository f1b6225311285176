/** The HTTP error boundary: catalog errors become `{error, message}` with their status; nothing else leaks. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { CatalogError, errorTitleOf, httpStatusOf } from '../errors.js';
import { toCatalogError } from '../storage/opensearch-errors.js';
import type { Logger } from '../logger.js';
import { sendJson } from '../wire/json.js';

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const e = toCatalogError(err);
    if (e instanceof CatalogError) {
      if (e.code === 'UNAVAILABLE') res.setHeader('Retry-After', '5');
      return sendJson(res, httpStatusOf[e.code], { error: errorTitleOf[e.code], message: e.message });
    }
    const status = (err as { status?: number; type?: string }).status;
    if ((err as { type?: string }).type === 'entity.parse.failed') {
      return sendJson(res, 400, { error: 'Malformed request body', message: `Invalid JSON: ${(err as Error).message}` });
    }
    if ((err as { type?: string }).type === 'entity.too.large') {
      return sendJson(res, 413, { error: 'Payload Too Large', message: 'Request body exceeds the size limit' });
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendJson(res, status, { error: 'Bad Request', message: (err as Error).message });
    }
    log.error({ err, path: req.path }, 'unhandled error');
    sendJson(res, 500, { error: 'Internal Server Error', message: 'An unexpected error occurred' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendJson(res, 404, { error: 'Not Found', message: `No route for ${req.method} ${req.path}` });
};
