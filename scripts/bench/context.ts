/** What every row needs: where Tessera and OpenSearch are, the token, the index prefix and the catalog's size. */
import { ok, request, type HttpResult } from './http.js';

export interface BenchContext {
  tessera: string;
  opensearch: string;
  prefix: string;
  token: string;
  datasets: number;
  groups: number;
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  tesseraPid?: number;
  osPid?: number;
  progress: (line: string) => void;
  /** The Tessera process runs with the GraphQL response cache off (the rows' cache-off twins). */
  cacheOff?: boolean;
}

export const enc = encodeURIComponent;
export const datasetIndex = (c: BenchContext) => `${c.prefix}dataset`;

export function tesseraCall(c: BenchContext, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  return request(method, `${c.tessera}${path}`, body, { authorization: `Bearer ${c.token}`, ...headers });
}

export async function tesseraOk(c: BenchContext, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult> {
  const r = await tesseraCall(c, method, path, body, headers);
  if (r.status < 200 || r.status >= 300) throw new Error(`Tessera ${method} ${path.slice(0, 200)} → ${r.status}: ${r.text.slice(0, 400)}`);
  return r;
}

export async function graphql(c: BenchContext, query: string, variables: object): Promise<any> {
  const r = await tesseraOk(c, 'POST', '/api/graphql', { query, variables });
  const body = r.json();
  if (body.errors) throw new Error(`GraphQL: ${JSON.stringify(body.errors).slice(0, 400)}`);
  return body.data;
}

export const osCall = (c: BenchContext, method: string, path: string, body?: unknown) => request(method, `${c.opensearch}${path}`, body);
export const osOk = (c: BenchContext, method: string, path: string, body?: unknown) => ok(method, `${c.opensearch}${path}`, body);

/** Fails a row before timing when two of its sides would not answer alike (Tessera or the thin layer against raw). */
export function expectEqual(what: string, side: unknown, raw: unknown, sideName = 'Tessera'): void {
  const a = JSON.stringify(side);
  const b = JSON.stringify(raw);
  const pad = Math.max(sideName.length, 3);
  if (a !== b) throw new Error(`equal-results probe failed for ${what}:\n  ${sideName.padEnd(pad)} ${a.slice(0, 300)}\n  ${'raw'.padEnd(pad)} ${b.slice(0, 300)}`);
}
