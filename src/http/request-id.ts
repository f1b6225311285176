/** The request id: `X-Request-Id` when it is sane, a fresh UUID otherwise; echoed in the answer and carried by every log line the request causes. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { runWithLogContext } from '../logger.js';

/** Bounded length and a charset that cannot forge log lines or headers (no spaces, quotes, control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    runWithLogContext({ requestId }, next);
  };
}
