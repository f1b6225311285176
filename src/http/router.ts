/**
 * Matches a request to the one route table (routes.ts) the way clients of the original expect: literal segments in any
 * letter case, one optional trailing slash, every API route also under `/gms`, HEAD served by a GET route.
 */
import { validationError } from '../errors.js';
import type { Method, Route } from '../wire/route.js';

export interface Match {
  route: Route;
  /** The route's template as the access log and metrics name it: `/gms/openapi/v3/entity/:entity/:urn`. */
  template: string;
  params: Record<string, string>;
  base: string;
  rest: string;
}

interface Compiled {
  route: Route;
  /** The first segment of the path, lower-cased (`openapi`), or undefined when it is a parameter or the path is `/`. */
  first?: string;
  methods: ReadonlySet<string>;
  pattern: RegExp;
  template: string;
  names: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: Route, path: string): Compiled {
  const names: string[] = [];
  const body = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escape(segment)}`;
      names.push(segment.slice(1));
      return '/([^/]+)';
    })
    .join('');
  const base = route.rootOnly ? '()' : '(/gms)?';
  const tail = route.prefix ? '(/.*)?' : '/?';
  const methods = new Set<string>(typeof route.method === 'string' ? [route.method] : route.method);
  const head = path.split('/')[1];
  const first = head && !head.startsWith(':') ? head.toLowerCase() : undefined;
  return { route, first, methods, pattern: new RegExp(`^${base}${body}${tail}$`, 'i'), template: path, names };
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw validationError(`Failed to decode param '${raw}'`);
  }
}

/** The lower-cased first segment of a path, and the second (for paths under `/gms`). */
function headsOf(path: string): [string, string] {
  const a = path.indexOf('/', 1);
  const first = (a < 0 ? path.slice(1) : path.slice(1, a)).toLowerCase();
  if (first !== 'gms' || a < 0) return [first, ''];
  const b = path.indexOf('/', a + 1);
  return [first, (b < 0 ? path.slice(a + 1) : path.slice(a + 1, b)).toLowerCase()];
}

/**
 * The routes a path can match, in table order: those whose first segment is the path's (or, under `/gms`, its second),
 * and those whose first segment is a parameter. Every check below still runs each candidate's full pattern; this only
 * skips patterns that cannot match (a GraphQL request tested 85 of them before its own).
 */
function candidateIndex(compiled: Compiled[]): (path: string) => readonly Compiled[] {
  // Filtering the table keeps its order, and lists each route once.
  const heads = new Set(compiled.flatMap((c) => (c.first === undefined ? [] : [c.first])));
  const of = (...firsts: string[]) => compiled.filter((c) => c.first === undefined || firsts.includes(c.first));
  const direct = new Map([...heads].map((k) => [k, of(k)]));
  const underGms = new Map([...heads].map((k) => [k, of(k, 'gms')]));
  const openOnly = of();
  const gmsOnly = of('gms');
  return (path) => {
    const [first, second] = headsOf(path);
    if (first === 'gms') return underGms.get(second) ?? gmsOnly;
    return direct.get(first) ?? openOnly;
  };
}

/** The routes one request's method and path take, in table order; the first is found once and answers every question. */
export interface Resolved {
  /** Whether the request may go without a token: the first route says so (only GET and HEAD requests can). */
  isPublic(headers: Parameters<Extract<Route['public'], Function>>[0]): boolean;
  /** What a caller must be able to do at all: the first route's gate, else read for GET and HEAD, write otherwise. */
  gate(query: URLSearchParams): 'read' | 'write' | 'self' | undefined;
  /** The first route's path as the table writes it (without `/gms`): paths match whatever their case, this never varies. */
  readonly template: string | undefined;
  /** Whether the request may change anything (with the body it brought): never for GET and HEAD, else as the first route says. */
  mayChange(body: unknown, query: URLSearchParams): boolean;
  /** The first matching route with its decoded parameters, then (after a handler declined) the next; undefined after the last. */
  next(): Match | undefined;
}

export function createRouter(routes: readonly Route[]) {
  const compiled = routes.flatMap((r) => (typeof r.path === 'string' ? [r.path] : r.path).map((p) => compile(r, p)));
  const candidates = candidateIndex(compiled);
  const takes = (c: Compiled, method: string) => c.methods.has(method) || (method === 'HEAD' && c.methods.has('GET'));

  /** The first candidate from `start` that takes the method and path, with its place and its pattern's match. */
  function findFrom(list: readonly Compiled[], start: number, method: string, path: string): { at: number; c: Compiled; m: RegExpExecArray } | undefined {
    for (let at = start; at < list.length; at++) {
      const c = list[at];
      if (!takes(c, method)) continue;
      const m = c.pattern.exec(path);
      if (m) return { at, c, m };
    }
    return undefined;
  }

  // Parameters are decoded only when a handler is about to run: a malformed one is refused after authentication.
  function toMatch(c: Compiled, m: RegExpExecArray): Match {
    const params: Record<string, string> = {};
    for (let i = 0; i < c.names.length; i++) params[c.names[i]] = decodeParam(m[i + 2]);
    const base = m[1] ? '/gms' : '';
    return { route: c.route, template: `${base}${c.template}`, params, base, rest: c.route.prefix ? m[c.names.length + 2] || '/' : '' };
  }

  function resolve(method: string, path: string): Resolved {
    const list = candidates(path);
    const found = findFrom(list, 0, method, path);
    const first = found?.c;
    // The place after the last route handed out; later routes are tested only when a handler declines.
    let after = -1;
    return {
      isPublic(headers) {
        if (!first || (method !== 'GET' && method !== 'HEAD')) return false;
        const p = first.route.public;
        return typeof p === 'function' ? p(headers) : !!p;
      },
      gate(query) {
        if (!first) return undefined;
        const g = first.route.gate;
        return (typeof g === 'function' ? g(query) : g) ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
      },
      template: first?.template,
      mayChange(body, query) {
        if (method === 'GET' || method === 'HEAD') return false;
        return first?.route.mayChange?.(body, query) ?? true;
      },
      next() {
        const hit = after < 0 ? found : findFrom(list, after, method, path);
        if (!hit) {
          after = list.length;
          return undefined;
        }
        after = hit.at + 1;
        return toMatch(hit.c, hit.m);
      },
    };
  }

  return { resolve, routes: compiled.map((c) => ({ methods: [...c.methods], path: c.template, prefix: !!c.route.prefix, rootOnly: !!c.route.rootOnly })) };
}

export type Router = ReturnType<typeof createRouter>;
