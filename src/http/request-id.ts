/** The request id: `X-Request-Id` when it is sane, a fresh UUID otherwise; echoed in the answer and carried by every log line the request causes. */
import { randomUUID } from 'node:crypto';

/** Bounded length and a charset that cannot forge log lines or headers (no spaces, quotes, control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
