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

export function createRouter(routes: readonly Route[]) {
  const compiled = routes.flatMap((r) => (typeof r.path === 'string' ? [r.path] : r.path).map((p) => compile(r, p)));
  const candidates = candidateIndex(compiled);
  /** Every route that takes this method and path, in table order (a handler may decline and leave it to the next). */
  function* match(method: string, path: string): Generator<Match> {
    for (const c of candidates(path)) {
      if (!c.methods.has(method) && !(method === 'HEAD' && c.methods.has('GET'))) continue;
      const m = c.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => (params[name] = decodeParam(m[i + 2])));
      const base = m[1] ? '/gms' : '';
      yield { route: c.route, template: `${base}${c.template}`, params, base, rest: c.route.prefix ? m[c.names.length + 2] || '/' : '' };
    }
  }
  /** Whether a request may go without a token: the first route of its path and method says so. */
  function isPublic(method: string, path: string, headers: Parameters<Extract<Route['public'], Function>>[0]): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    for (const c of candidates(path)) {
      if (!(c.methods.has('GET') || c.methods.has(method as Method)) || !c.pattern.test(path)) continue;
      const p = c.route.public;
      return typeof p === 'function' ? p(headers) : !!p;
    }
    return false;
  }
  /** What a caller must be able to do at all for this method and path: the first route of its path and method says. */
  function gateOf(method: string, path: string): 'read' | 'write' | 'self' | undefined {
    for (const c of candidates(path)) {
      if (!(c.methods.has(method) || (method === 'HEAD' && c.methods.has('GET'))) || !c.pattern.test(path)) continue;
      return c.route.gate ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
    }
    return undefined;
  }
  return { match, isPublic, gateOf, routes: compiled.map((c) => ({ methods: [...c.methods], path: c.template, prefix: !!c.route.prefix, rootOnly: !!c.route.rootOnly })) };
}

export type Router = ReturnType<typeof createRouter>;
