/** What a route is: methods, path templates, whether it needs a caller, and its handler over one request's `Call`. */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ParamSource } from './params.js';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request as every handler sees it, whatever the transport's framework would have made of it. */
export interface Call extends ParamSource {
  req: IncomingMessage & { body?: unknown };
  res: ServerResponse;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** The query string, parsed by `qs` as Express's extended parser parsed it. */
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The JSON body read by the pipeline (undefined for a bodiless request). */
  body: unknown;
  /** The authenticated caller; `undefined` only on public routes. */
  actor: string;
  /** The request's id (its X-Request-Id), for the lines its failures leave. */
  requestId: string;
  /** `/gms` when the request came in under it, else the empty string. */
  base: string;
  /** For a prefix route: the rest of the path after the prefix (`/` at least). */
  rest: string;
}

/** Returned by a handler that declines a request it matched (an unknown `action`), so later routes may take it. */
export const DECLINE = Symbol('decline');

export type Handler = (call: Call) => unknown;

export type Gate = 'read' | 'write' | 'self';

export interface Route {
  method: Method | readonly Method[];
  /** Literal segments match in any letter case, `:name` one segment; one trailing slash and a `/gms` base are allowed. */
  path: string | readonly string[];
  handle: Handler;
  /** Reachable without a token (for GET and HEAD only): always, or when the request's headers say so. */
  public?: boolean | ((headers: IncomingHttpHeaders) => boolean);
  /**
   * What the caller must be able to do at all before the body is read (authorization before validation): `read`
   * (GET and HEAD by default), `write` (every other method by default), or `self` (the caller's own tokens and
   * identity, open to every authenticated caller). Finer decisions are the operations' own. A path whose actions
   * read or write by the query (the Rest.li `?action=`) decides it from the query string.
   */
  gate?: Gate | ((query: URLSearchParams) => Gate);
  /**
   * Whether a request with this body may change anything (GET and HEAD requests never do; every other one may unless
   * this says it cannot). Such a request runs with its provenance (logger.ts), so that its change records and jobs name
   * its token, interface and request id; the others run without, which spares every promise they make a hook.
   */
  mayChange?: (body: unknown, query: URLSearchParams) => boolean;
  /** Matches the path and anything below it (`rest` holds what is below). */
  prefix?: boolean;
  /** Served at the root only, never under `/gms`. */
  rootOnly?: boolean;
}
