/**
 * Builds the OpenSearch client from configuration alone: one node or several, TLS with a CA file, basic auth or AWS
 * SigV4 for a managed domain; timeouts on every call, a response reader no stored document can break, and every call
 * timed and counted by operation.
 */
import { readFileSync } from 'node:fs';
import { Client, Serializer } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws';
import { ConfigError, type Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { observeOpenSearchCalls } from './opensearch-calls.js';

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
  /** The node(s) to use, comma-separated; the managed node's URL when OPENSEARCH_URL is unset. */
  url: string;
  metrics?: Metrics;
  log?: Logger;
}

type Access = Pick<Config, 'OPENSEARCH_TIMEOUT_MS' | 'OPENSEARCH_CA_FILE' | 'OPENSEARCH_USERNAME' | 'OPENSEARCH_PASSWORD' | 'OPENSEARCH_AWS_REGION' | 'OPENSEARCH_AWS_SERVICE'>;

function readCa(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new ConfigError(`invalid configuration:\n  OPENSEARCH_CA_FILE: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

export function createOpenSearchClient(config: Access, opts: OpenSearchClientOptions): Client {
  const nodes = opts.url.split(',').map((u) => u.trim()).filter(Boolean);
  const client = new Client({
    // The signer brings its own Connection and Transport classes, which sign each request (credentials from the default AWS chain).
    ...(config.OPENSEARCH_AWS_REGION && AwsSigv4Signer({ region: config.OPENSEARCH_AWS_REGION, service: config.OPENSEARCH_AWS_SERVICE })),
    node: nodes.length === 1 ? nodes[0] : nodes,
    requestTimeout: config.OPENSEARCH_TIMEOUT_MS,
    maxRetries: 1,
    Serializer: SafeSerializer as any,
    ...(config.OPENSEARCH_CA_FILE && { ssl: { ca: readCa(config.OPENSEARCH_CA_FILE) } }),
    ...(config.OPENSEARCH_USERNAME && { auth: { username: config.OPENSEARCH_USERNAME, password: config.OPENSEARCH_PASSWORD ?? '' } }),
  });
  if (opts.metrics || opts.log) observeOpenSearchCalls(client, opts.metrics, opts.log);
  return client;
}
