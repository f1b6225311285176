/** GraphQL calls to /api/graphql through urql, always from the network, failing with the API's first error. */
import { Client, fetchExchange, type CombinedError } from '@urql/core';
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

export async function query<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await client.query(document, variables).toPromise();
  if (res.error) throw toApiError(res.error);
  return res.data as T;
}

export async function mutate<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
  // Writes return once searchable, so the search page and facets the user goes back to already show them.
  const res = await client.mutation(document, variables, { fetchOptions: { headers: { 'x-tessera-wait-for-search': 'true' } } }).toPromise();
  if (res.error) throw toApiError(res.error);
  return res.data as T;
}
