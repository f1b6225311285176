/** GraphQL calls to /api/graphql through urql, always from the network, failing with the API's first error. */
import { Client, fetchExchange, type CombinedError, type OperationResult } from '@urql/core';
import { ApiError } from './api-error';
import { authedFetch } from './authed-fetch';

const client = new Client({
  url: `${location.origin}/api/graphql`,
  exchanges: [fetchExchange],
  fetch: authedFetch,
  requestPolicy: 'network-only',
  preferGetMethod: false,
});

function toApiError(e: CombinedError): ApiError {
  const first = e.graphQLErrors[0];
  if (first) {
    const ext = first.extensions as { code?: number; type?: string };
    return new ApiError(first.message, typeof ext.code === 'number' ? ext.code : 400, ext.type);
  }
  const status = (e.response as Response | undefined)?.status ?? 0;
  return new ApiError(status ? `The service answered HTTP ${status}.` : 'The service cannot be reached.', status);
}

/** `signal` cancels the request: the fetch is aborted and the promise rejects with an AbortError. */
export async function query<T>(document: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<T> {
  const res = signal ? await cancellable(document, variables, signal) : await client.query(document, variables).toPromise();
  if (res.error) throw toApiError(res.error);
  return res.data as T;
}

// urql aborts its fetch when the last subscriber leaves; a promise of it cannot leave, so subscribe by hand.
function cancellable(document: string, variables: Record<string, unknown>, signal: AbortSignal): Promise<OperationResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const aborted = () => {
      settled = true;
      subscription.unsubscribe();
      reject(new DOMException('The request was cancelled.', 'AbortError'));
    };
    const subscription = client.query(document, variables).subscribe((res) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', aborted);
      // The first answer is the answer (network-only): leaving now also ends the operation.
      queueMicrotask(() => subscription.unsubscribe());
      resolve(res);
    });
    if (signal.aborted) aborted();
    else if (!settled) signal.addEventListener('abort', aborted, { once: true });
  });
}

export async function mutate<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  // Writes return once searchable, so the search page and facets the user goes back to already show them.
  const res = await client.mutation(document, variables, { fetchOptions: { headers: { 'x-tessera-wait-for-search': 'true' } } }).toPromise();
  if (res.error) throw toApiError(res.error);
  return res.data as T;
}
