/**
 * Serves plain Node requests through a YogaServer's own pipeline — its request parsers, parameter checks, every envelop
 * plugin, error masking and result processors — without the WHATWG server adapter `createYoga` wraps it in. That
 * adapter built a full Fetch Request (URL, headers, abort controller, body proxy) and ran its own hook layer for every
 * call, about 30 µs a request; the body has already been read and checked by the one body reader (http/body-reader.ts),
 * so yoga is given a view of the Node request instead. GraphiQL, which the adapter's hook layer rendered, is rendered
 * here on the same condition (`shouldRenderGraphiQL`). Cross-origin headers are not added: no route of the service
 * answers CORS (yoga's default reflected any origin with credentials allowed).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from '@whatwg-node/server';
import { shouldRenderGraphiQL, type YogaServer } from 'graphql-yoga';

type NodeRequest = IncomingMessage & { body?: unknown };

/** What yoga reads of a request: method, absolute URL, headers, and the body already parsed by the body reader. */
export interface RequestView {
  method: string;
  url: string;
  headers: { get(name: string): string | null; has(name: string): boolean };
  body: null;
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export function requestView(req: NodeRequest, path: string): RequestView {
  const header = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  // A body the reader parsed is handed over as is; a POST without one reads as empty, which yoga refuses as invalid JSON.
  const parsed = req.body;
  const json = () => (parsed === undefined ? Promise.reject(new SyntaxError('Unexpected end of JSON input')) : Promise.resolve(parsed));
  return {
    method: req.method ?? 'GET',
    url: `http://localhost${path}`,
    headers: { get: header, has: (name) => req.headers[name.toLowerCase()] !== undefined },
    body: null,
    json,
    text: () => Promise.resolve(parsed === undefined ? '' : JSON.stringify(parsed)),
  };
}

export type NodeServe<C> = (req: NodeRequest, res: ServerResponse, context: C) => Promise<void>;

export function serveThroughYoga<C extends Record<string, unknown>>(
  server: YogaServer<C, Record<string, unknown>>,
  endpoint: string,
  renderGraphiql: () => string,
): NodeServe<C> {
  return async (req, res, context) => {
    const url = req.url ?? '';
    const request = requestView(req, `${endpoint}${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`);
    if (shouldRenderGraphiQL(request as never)) {
      const page = new server.fetchAPI.Response(renderGraphiql(), { status: 200, headers: { 'Content-Type': 'text/html' } });
      await sendNodeResponse(page as never, res, req, true);
      return;
    }
    const response = await server.handle(request as never, context as never);
    await send(response, res, req);
  };
}

/**
 * A JSON answer (every answer but a stream's) is written whole in one `end`: head and body leave in one write, where
 * the generic writer's `write` then `end` cost a second pass through the socket per request. Anything else (an event
 * stream, a multipart answer) goes through the generic writer.
 */
async function send(response: Response, res: ServerResponse, req: NodeRequest): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json') && !type.startsWith('application/graphql-response+json')) return sendNodeResponse(response as never, res, req, true);
  const body = await response.text();
  if (res.destroyed || res.writableEnded) return;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.statusCode = response.status;
  res.end(body);
}
