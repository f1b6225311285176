/**
 * The hot engine calls — realtime GET and `_mget` of documents, `_search` — made on the client's own connection pool
 * (the node it would pick, its keep-alive agent, TLS settings and credentials) without the client's request pipeline,
 * which costs the service about 50 µs of CPU per call. The transport's rules are the client's, not a second set: a
 * node that fails to connect or runs out of time is marked dead in the client's pool and the call is retried on
 * another (up to the client's `maxRetries`); 502/503/504 mark the node dead and retry as the client does; any other
 * answer marks it alive, and a refusal is the client's own `ResponseError`, mapped by the caller like any client
 * error. Every call is timed and every failure counted as the client's are. Only when the pool has no connection to
 * offer is the call left to the client (counted in `tessera_opensearch_direct_fallbacks_total`). Not used with AWS
 * SigV4, whose requests must be signed.
 */
import http from 'node:http';
import https from 'node:https';
import { errors, type Client } from '@opensearch-project/opensearch';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { SafeSerializer } from './opensearch-client.js';
import { noteEngineFailure } from './engine-failures.js';

export interface DirectAnswer {
  status: number;
  body: any;
}

interface ConnectionLike {
  id: string;
  url: URL;
  agent?: http.Agent;
  headers: Record<string, string>;
}

interface PoolLike {
  markDead(c: ConnectionLike): void;
  markAlive(c: ConnectionLike): void;
}

interface TransportLike {
  getConnection(o: object): ConnectionLike | null;
  connectionPool: PoolLike;
  maxRetries: number;
}

/** What one attempt came to: an answer with its status and text, or a failure of the connection itself. */
type Attempt = { status: number; headers: http.IncomingHttpHeaders; text: string } | { failure: Error };

const serializer = new SafeSerializer();
/** The statuses after which the client marks a node dead and retries elsewhere. */
const NODE_TROUBLE = new Set([502, 503, 504]);

export class DirectCalls {
  private readonly transport: TransportLike;

  constructor(
    client: Client,
    private readonly timeoutMs: number,
    private readonly metrics?: Pick<Metrics, 'opensearchRequests' | 'opensearchErrors' | 'opensearchDirectFallbacks'>,
    private readonly log?: Logger,
  ) {
    this.transport = client.transport as unknown as TransportLike;
  }

  /** A realtime document read: 200 with the document, 404 without; `undefined` when the client must make the call. */
  getDocument(index: string, id: string): Promise<DirectAnswer | undefined> {
    return this.call('GET _doc', 'GET', `/${encodeURIComponent(index)}/_doc/${encodeURIComponent(id)}?realtime=true`, undefined, this.timeoutMs, true);
  }

  /** A POST of a JSON body (`_mget`, `_search`): the answer, or the client's error; `undefined` when the client must make the call. */
  post(operation: string, path: string, body: object, timeoutMs = this.timeoutMs): Promise<DirectAnswer | undefined> {
    return this.call(operation, 'POST', path, JSON.stringify(body), timeoutMs, false);
  }

  private async call(operation: string, method: string, path: string, payload: string | undefined, timeoutMs: number, notFoundIsAnswer: boolean): Promise<DirectAnswer | undefined> {
    const started = process.hrtime.bigint();
    for (let attempt = 0; ; attempt++) {
      const connection = this.transport.getConnection({ requestId: 0 });
      if (!connection) {
        this.metrics?.opensearchDirectFallbacks.inc({ operation, reason: 'no_living_connection' });
        return undefined;
      }
      const outcome = await this.attempt(connection, method, path, payload, timeoutMs);
      const retriable = 'failure' in outcome || NODE_TROUBLE.has(outcome.status);
      if (retriable) this.transport.connectionPool.markDead(connection);
      else this.transport.connectionPool.markAlive(connection);
      if (retriable && attempt < this.transport.maxRetries) continue;
      this.metrics?.opensearchRequests.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
      if ('failure' in outcome) return this.failed(operation, outcome.failure, attempt + 1);
      const body = outcome.text === '' ? undefined : serializer.deserialize(outcome.text);
      if (outcome.status < 300 || (notFoundIsAnswer && outcome.status === 404)) {
        // Counted as the client's calls are: a missing document is an ordinary answer of kind `not_found`.
        if (outcome.status === 404) this.metrics?.opensearchErrors.inc({ operation, kind: 'not_found' });
        return { status: outcome.status, body };
      }
      return this.failed(operation, new errors.ResponseError({ body, statusCode: outcome.status, headers: outcome.headers, warnings: null, meta: {} as never }), attempt + 1);
    }
  }

  /** Counts and logs a failure as the client's calls are (opensearch-calls.ts), then throws it for the caller to map. */
  private failed(operation: string, e: Error, attempts: number): never {
    const status = e instanceof errors.ResponseError ? e.statusCode : undefined;
    const kind = e instanceof errors.TimeoutError ? 'timeout' : e instanceof errors.ConnectionError ? 'connection' : status === 404 ? 'not_found' : status === 409 ? 'conflict' : `status_${status}`;
    this.metrics?.opensearchErrors.inc({ operation, kind });
    if (kind !== 'not_found' && kind !== 'conflict') {
      const type = e instanceof errors.ResponseError ? (e.body as { error?: { type?: string } } | undefined)?.error?.type : undefined;
      noteEngineFailure(e, { operation, kind, attempts, ...(type && { type }) }, this.log);
    }
    throw e;
  }

  private attempt(connection: ConnectionLike, method: string, path: string, payload: string | undefined, timeoutMs: number): Promise<Attempt> {
    const { url } = connection;
    const request = url.protocol === 'https:' ? https.request : http.request;
    const headers: Record<string, string | number> = { ...connection.headers, accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve) => {
      let settled = false;
      const settle = (a: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(a);
      };
      const req = request(
        {
          method,
          hostname: url.hostname[0] === '[' ? url.hostname.slice(1, -1) : url.hostname,
          port: url.port || undefined,
          path: `${url.pathname.replace(/\/$/, '')}${path}`,
          agent: connection.agent,
          headers,
        },
        (res) => {
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', (e) => settle({ failure: new errors.ConnectionError(e.message, null as never) }));
        },
      );
      // The whole call is bounded, as the client bounds it (a node that accepts and never answers is a timeout).
      const timer = setTimeout(() => {
        req.destroy();
        settle({ failure: new errors.TimeoutError('Request timed out', null as never) });
      }, timeoutMs);
      req.on('error', (e) => settle({ failure: new errors.ConnectionError(e.message, null as never) }));
      req.end(payload);
    });
  }
}
