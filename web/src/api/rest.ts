/** REST calls (definitions, status, jobs): JSON in and out, failing with the API's `{error, message}`. */
import { ApiError } from './api-error';
import { authedFetch } from './authed-fetch';

export async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await authedFetch(path, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const message = (parsed as { message?: string } | undefined)?.message ?? `The service answered HTTP ${res.status}.`;
    throw new ApiError(message, res.status);
  }
  return parsed as T;
}

/** Percent-encodes a URN for one path segment. */
export const encodeUrn = (urn: string): string => encodeURIComponent(urn);
