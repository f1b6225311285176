/** One log line and one metrics observation per request: method, route template, status, latency, actor and request id; no URN, token or body. */
import { fixedFieldLogger, type Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';

/** What a request was not routed to: refused before routing (401) or no route matched (404). */
export const UNROUTED = '(unrouted)';

const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const DECLARED_NAME = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/;
/** Operation names are chosen by clients: past this many distinct names, new ones count as `other`. */
const MAX_OPERATION_NAMES = 200;

export interface RequestRecord {
  method: string;
  /** The route template, never the raw path (which holds URNs). */
  route: string;
  status: number;
  seconds: number;
  actor?: string;
  requestId?: string;
}

/** A GraphQL POST's operation label: its operation name when sane, `anonymous`, or `other` past MAX_OPERATION_NAMES. */
function operationLabeler(): (body: unknown) => string {
  const seen = new Set<string>();
  return (raw) => {
    const body = raw as { operationName?: unknown; query?: unknown } | undefined;
    const declared = typeof body?.query === 'string' ? DECLARED_NAME.exec(body.query)?.[1] : undefined;
    const name = typeof body?.operationName === 'string' && OPERATION_NAME.test(body.operationName) ? body.operationName : declared;
    if (!name) return 'anonymous';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_NAMES) return 'other';
    seen.add(name);
    return name;
  };
}

/** Records one answered request: its metrics observation and its access log line (an error line for a 5xx); `body` names a GraphQL POST's operation. */
export function requestObserver(log: Logger, metrics?: Metrics): (r: RequestRecord, body?: unknown) => void {
  const operationLabel = operationLabeler();
  const access = fixedFieldLogger(log);
  return (r, body) => {
    metrics?.httpRequests.observe({ method: r.method, route: r.route, status: String(r.status) }, r.seconds);
    if (metrics && r.method === 'POST' && r.route.endsWith('/graphql')) metrics.graphqlOperations.observe({ operation: operationLabel(body) }, r.seconds);
    const line = { method: r.method, route: r.route, status: r.status, ms: Math.round(r.seconds * 1e4) / 10, actor: r.actor, requestId: r.requestId };
    if (r.status >= 500) access.error(line, 'request');
    else access.info(line, 'request');
  };
}
