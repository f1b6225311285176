/** Builds the OpenSearch client: timeouts on every call, and a response reader that no stored document can break. */
import { Client, Serializer } from '@opensearch-project/opensearch';

/**
 * The client's own reader refuses any document holding a `__proto__` key, so one such value would make its entity
 * unreadable for good. Writes refuse those keys; this reader drops them from whatever was stored before or by other
 * tools. Plain `JSON.parse` (no reviver) on the common path is also much cheaper than the default reader.
 */
export class SafeSerializer extends Serializer {
  deserialize<T = unknown>(json: string): T {
    if (typeof json !== 'string' || json === '') return json as T;
    if (!json.includes('"__proto__"')) return JSON.parse(json) as T;
    return JSON.parse(json, (key, value) => (key === '__proto__' ? undefined : value)) as T;
  }
}

export interface OpenSearchClientOptions {
  url: string;
  /** Ordinary calls: a node that does not answer within this is reported unavailable (503). */
  requestTimeoutMs: number;
}

export function createOpenSearchClient(opts: OpenSearchClientOptions): Client {
  return new Client({ node: opts.url, requestTimeout: opts.requestTimeoutMs, maxRetries: 1, Serializer: SafeSerializer as any });
}
