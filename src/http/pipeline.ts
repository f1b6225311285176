/**
 * The process's request listener and the one pipeline every request goes through: request id (and, for requests that
 * may change something, the log context that carries their provenance into change records, jobs and log lines), one
 * access-log line and metrics observation, authentication (unless the route is public), the route's gate (may the
 * caller read, or change anything, at all: decided before the body is read), the body reader, then the route table
 * (routes.ts) through one router; errors meet one boundary. There is no second way in.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import qs from 'qs';
import { notFound } from '../errors.js';
import { authorizationOf } from '../auth/tokens.js';
import { runWithLogContext, type LogContext } from '../logger.js';
import type { Services } from '../services.js';
import { bodyReader } from './body-reader.js';
import { answerError } from './error-handler.js';
import { requestIdOf } from './request-id.js';
import { requestObserver, UNROUTED } from './request-log.js';
import { DECLINE, type Call } from '../wire/route.js';
import { engineFailureOf, logRequestFailure } from '../storage/engine-failures.js';
import { createRouter, type Resolved, type Router } from './router.js';
import { createRoutes } from './routes.js';
import { clearSessionCookie, sessionAuthorization } from './web-session.js';

type Req = IncomingMessage & { body?: unknown };

/**
 * The interface a request came through, as change records name it: decided by the route the router chose (its path as
 * the table writes it, whatever case the request used); the page and the CLI say so in a header.
 */
function interfaceOf(template: string | undefined, client: string | string[] | undefined): NonNullable<LogContext['via']> {
  if (client === 'web') return 'WEB';
  if (client === 'cli') return 'CLI';
  const p = template ?? '';
  if (p.startsWith('/api/')) return 'GRAPHQL';
  if (p.startsWith('/openapi/v2/')) return 'REST_V2';
  if (p.startsWith('/openapi/')) return 'REST_V3';
  if (p === '/mcp') return 'MCP';
  return 'WIRE';
}

export function createRequestListener(services: Services, router: Router = createRouter(createRoutes(services))): RequestListener {
  const readBody = bodyReader({ maxBodyBytes: services.config.MAX_BODY_BYTES, maxJsonDepth: services.config.MAX_JSON_DEPTH });
  const observe = requestObserver(services.log, services.metrics);

  /** The caller: from the Authorization header, else from the web page's session cookie (cleared when refused). */
  async function authenticate(req: Req, res: ServerResponse, context: LogContext): Promise<string> {
    const header = authorizationOf(req.rawHeaders, req.headers.authorization);
    if (header !== undefined) return services.auth.authenticate(header, context);
    const session = sessionAuthorization(req);
    try {
      return await services.auth.authenticate(session, context);
    } catch (e) {
      if (session !== undefined) clearSessionCookie(req, res, services.config.TRUST_PROXY);
      throw e;
    }
  }

  async function serve(req: Req, res: ServerResponse, path: string, search: string, seen: { route: string; actor?: string }, context: LogContext): Promise<void> {
    const method = req.method ?? 'GET';
    const routed = router.resolve(method, path);
    const actor = routed.isPublic(req.headers) ? undefined : await authenticate(req, res, context);
    seen.actor = actor;
    if (actor !== undefined) {
      context.actor = actor;
      context.via = interfaceOf(routed.template, req.headers['x-tessera-client']);
      const gate = routed.gate(new URLSearchParams(search));
      if (gate && gate !== 'self') await services.access.gate(actor, gate);
    }
    await readBody(req, res);
    const dispatch = () => handle(req, res, routed, search, seen, actor, context.requestId!);
    // Only work that may change something carries the request's provenance; reads run without the hooks (logger.ts).
    return routed.mayChange(req.body, new URLSearchParams(search)) ? runWithLogContext(context, dispatch) : dispatch();
  }

  /** Hands the request to its first route, and to the next while a handler declines. */
  async function handle(req: Req, res: ServerResponse, routed: Resolved, search: string, seen: { route: string }, actor: string | undefined, requestId: string): Promise<void> {
    let query: Record<string, unknown> | undefined;
    for (let match = routed.next(); match; match = routed.next()) {
      seen.route = match.template;
      const call: Call = {
        req,
        res,
        params: match.params,
        // Parsed only when a handler asks, as Express's `extended` parser parses (qs, prototype names allowed as plain keys).
        get query() {
          return (query ??= search ? qs.parse(search, { allowPrototypes: true }) : {});
        },
        headers: req.headers,
        body: req.body,
        actor: actor!,
        requestId,
        base: match.base,
        rest: match.rest,
      };
      if ((await match.route.handle(call)) !== DECLINE) return;
    }
    seen.route = UNROUTED;
    throw notFound(`No route for ${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]}`);
  }

  return (req: Req, res) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    // A refusal by authentication comes before routing and is logged as unrouted.
    const seen: { route: string; actor?: string } = { route: UNROUTED };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const status = res.writableFinished ? res.statusCode : 499;
      observe({ method: req.method!, route: seen.route, status, seconds: Number(process.hrtime.bigint() - started) / 1e9, actor: seen.actor, requestId }, req.body);
    };
    res.on('finish', finish);
    res.on('close', finish);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const context: LogContext = { requestId };
    serve(req, res, path, q < 0 ? '' : url.slice(q + 1), seen, context).catch((e) => {
      // A request the engine failed says so in its own line, with its request id, whether or not it ran with a context.
      const failure = engineFailureOf(e);
      if (failure) logRequestFailure(services.log, requestId, failure);
      if (!res.headersSent) answerError(res, e, services.log, requestId);
      else if (!res.writableEnded) res.destroy();
    });
  };
}
