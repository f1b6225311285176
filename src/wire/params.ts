/** Reads and checks query parameters: booleans, integers and repeated lists, with precise 400s. */
import type { IncomingHttpHeaders } from 'node:http';
import { validationError } from '../errors.js';

/** What the readers look at: the parsed query string (Express's, or the front's, both by `qs`) and the headers. */
export interface ParamSource {
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

type Request = ParamSource;

function first(req: Request, name: string): string | undefined {
  const v = req.query[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) return String(v[v.length - 1]);
  return String(v);
}

export function boolParam(req: Request, name: string, fallback: boolean): boolean {
  const v = first(req, name);
  if (v === undefined || v === '') return fallback;
  if (v.toLowerCase() === 'true') return true;
  if (v.toLowerCase() === 'false') return false;
  throw validationError(`Query parameter ${name} must be true or false, got ${v}`);
}

export function intParam(req: Request, name: string, fallback: number, min = 0): number {
  const v = first(req, name);
  if (v === undefined || v === '') return fallback;
  if (!/^-?\d+$/.test(v) || Number(v) < min) throw validationError(`Query parameter ${name} must be an integer >= ${min}, got ${v}`);
  return Number(v);
}

export function stringParam(req: Request, name: string): string | undefined {
  return first(req, name);
}

/** Repeated (`a=x&a=y`) or comma-separated values of one or more parameter names. */
export function listParam(req: Request, ...names: string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const v = req.query[name];
    const items = v === undefined ? [] : Array.isArray(v) ? v : [v];
    for (const item of items) out.push(...String(item).split(',').map((s) => s.trim()).filter(Boolean));
  }
  return out;
}

export function enumParam<T extends string>(req: Request, name: string, allowed: readonly T[]): T | undefined {
  const v = first(req, name);
  if (v === undefined || v === '') return undefined;
  const hit = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
  if (!hit) throw validationError(`Query parameter ${name} must be one of ${allowed.join(', ')}, got ${v}`);
  return hit;
}

/** The opt-in to wait until a write is visible to search: `?waitForSearch=true` or the header. */
export function waitForSearch(req: Request): boolean {
  return boolParam(req, 'waitForSearch', false) || String(req.headers['x-tessera-wait-for-search'] ?? '').toLowerCase() === 'true';
}
