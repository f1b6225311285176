/**
 * The process's request listener. Passing a request through Express costs about as much CPU as a whole thin
 * node:http layer spends on it (its request and response objects are re-prototyped, then walked through the middleware
 * stack), so the hottest requests — the REST reads and GraphQL POSTs — are answered here, with the same request id,
 * log line, metrics, authentication, body reader, errors and operations as the app's. Everything else goes to the
 * Express app unchanged.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createGraphqlServe, type GraphqlServe } from '../graphql/handler.js';
import { runWithLogContext } from '../logger.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { createHttpApp } from './app.js';
import { bodyReader, readBody, type NodeMiddleware } from './body-reader.js';
import { answerError } from './error-handler.js';
import { readMatcher } from './fast-reads.js';
import { requestIdOf } from './request-id.js';
import { requestObserver } from './request-log.js';
import { UNROUTED } from './request-route.js';

const GRAPHQL_PATHS = new Set(['/api/graphql', '/api/v2/graphql', '/gms/api/graphql', '/gms/api/v2/graphql']);

type Req = IncomingMessage & { body?: unknown };

/** A request the front answers: the route template it stands for, and what answers it once the caller is known. */
interface Hot {
  route: string;
  answer(actor: string): Promise<void>;
}

function graphqlPost(req: Req, res: ServerResponse, reader: NodeMiddleware[], serve: GraphqlServe): Hot | undefined {
  if (req.method !== 'POST' || !GRAPHQL_PATHS.has(req.url ?? '')) return undefined;
  return {
    route: req.url!,
    answer: (actor) =>
      new Promise((resolve, reject) => {
        const next = (err?: unknown) => (err === undefined ? resolve() : reject(err));
        readBody(reader, req, res, (err) => (err !== undefined ? reject(err) : serve(req, res, actor, next)));
        res.once('close', () => resolve());
      }),
  };
}

export function createRequestListener(services: Services): RequestListener {
  const graphql = createGraphqlServe(services);
  const app = createHttpApp(services, graphql);
  const reader = bodyReader({ maxBodyBytes: services.config.MAX_BODY_BYTES, maxJsonDepth: services.config.MAX_JSON_DEPTH });
  const matchRead = readMatcher(services);
  const observe = requestObserver(services.log, services.metrics);

  const serve = (hot: Hot, req: Req, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    let actor: string | undefined;
    // A refusal by authentication comes before routing, as the app logs it.
    let route = UNROUTED;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const status = res.writableFinished ? res.statusCode : 499;
      observe({ method: req.method!, route, status, seconds: Number(process.hrtime.bigint() - started) / 1e9, actor, requestId }, req.body);
    };
    res.on('finish', finish);
    res.on('close', finish);
    runWithLogContext({ requestId }, async () => {
      try {
        actor = await services.auth.authenticate(req.headers.authorization);
        route = hot.route;
        await hot.answer(actor);
      } catch (e) {
        if (!res.headersSent) answerError(res, e, services.log);
      }
    });
  };

  return (req, res) => {
    const read = matchRead(req, res);
    const hot: Hot | undefined = read
      ? { route: read.route, answer: async () => sendJson(res, 200, await read.run()) }
      : graphqlPost(req, res, reader, graphql);
    if (hot) serve(hot, req, res);
    else app(req, res);
  };
}
