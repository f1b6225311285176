/** When and how long the SDK waits before retrying a request the server answered with 429 or 503. */

export interface RetryOptions {
  /** Retries after the first attempt (default 4). */
  retries?: number;
  /** First delay; doubles each attempt, with jitter (default 250 ms). */
  baseDelayMs?: number;
  /** Upper bound of one delay, also for a server's Retry-After (default 8000 ms). */
  maxDelayMs?: number;
  /** Statuses that are retried (default 429 and 503). */
  statuses?: number[];
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 4, baseDelayMs: 250, maxDelayMs: 8000, statuses: [429, 503] };

export function shouldRetry(status: number, attempt: number, opts: Required<RetryOptions>): boolean {
  return attempt < opts.retries && opts.statuses.includes(status);
}

/** Delay before retry number `attempt` (0-based): the server's Retry-After when given, else exponential backoff with jitter. */
export function retryDelayMs(attempt: number, opts: Required<RetryOptions>, retryAfter: string | null, random = Math.random): number {
  const seconds = retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  if (seconds !== undefined) return Math.min(seconds * 1000, opts.maxDelayMs);
  const exp = opts.baseDelayMs * 2 ** attempt;
  return Math.min(Math.round(exp / 2 + random() * (exp / 2)), opts.maxDelayMs);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
