/**
 * The hot engine calls — realtime GET and `_mget` of documents, `_search` — made on the client's own connection (the
 * node it would pick, its keep-alive agent, TLS settings and credentials) without the client's request pipeline.
 * Measured on a point read, that pipeline (parameter and result objects, events, per-request timers) cost the service
 * about 50 µs of CPU per call, as much as a whole thin node:http layer spends on a request. Only success is taken
 * from here (and a GET's 404); anything else — a refusal, a failed connection — is left to the client, which retries
 * other nodes, marks dead ones and maps the error. A call that runs out of time fails as the client's would. Not
 * used with AWS SigV4, whose requests must be signed.
 */
import http from 'node:http';
import https from 'node:https';
import { errors, type Client } from '@opensearch-project/opensearch';
import type { Metrics } from '../metrics/metrics.js';
import { SafeSerializer } from './opensearch-client.js';

export interface DirectAnswer {
  status: number;
  body: any;
}

interface ConnectionLike {
  url: URL;
  agent?: http.Agent;
  headers: Record<string, string>;
}

const serializer = new SafeSerializer();

export class DirectCalls {
  constructor(
    private readonly client: Client,
    private readonly timeoutMs: number,
    private readonly metrics?: Pick<Metrics, 'opensearchRequests' | 'opensearchErrors'>,
  ) {}

  /** A realtime document read: 200 with the document, 404 without; `undefined` when the client must make the call. */
  getDocument(index: string, id: string): Promise<DirectAnswer | undefined> {
    return this.call('GET _doc', 'GET', `/${encodeURIComponent(index)}/_doc/${encodeURIComponent(id)}?realtime=true`, undefined, this.timeoutMs, true);
  }

  /** A POST of a JSON body (`_mget`, `_search`): the answer when it succeeded, `undefined` when the client must make the call. */
  post(operation: string, path: string, body: object, timeoutMs = this.timeoutMs): Promise<DirectAnswer | undefined> {
    return this.call(operation, 'POST', path, JSON.stringify(body), timeoutMs, false);
  }

  private call(operation: string, method: string, path: string, payload: string | undefined, timeoutMs: number, notFoundIsAnswer: boolean): Promise<DirectAnswer | undefined> {
    const connection = (this.client.transport as unknown as { getConnection(o: object): ConnectionLike | null }).getConnection({ requestId: 0 });
    if (!connection) return Promise.resolve(undefined);
    const { url } = connection;
    const started = process.hrtime.bigint();
    const request = url.protocol === 'https:' ? https.request : http.request;
    const headers: Record<string, string | number> = { ...connection.headers, accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const req = request(
        {
          method,
          hostname: url.hostname[0] === '[' ? url.hostname.slice(1, -1) : url.hostname,
          port: url.port || undefined,
          path: `${url.pathname.replace(/\/$/, '')}${path}`,
          agent: connection.agent,
          headers,
          timeout: timeoutMs,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status !== 200 && !(notFoundIsAnswer && status === 404)) {
            res.resume();
            return resolve(undefined);
          }
          res.setEncoding('utf8');
          let text = '';
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            this.metrics?.opensearchRequests.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
            // Counted as the client's calls are: a missing document is an ordinary answer of kind `not_found`.
            if (status === 404) this.metrics?.opensearchErrors.inc({ operation, kind: 'not_found' });
            try {
              resolve({ status, body: serializer.deserialize(text) });
            } catch {
              resolve(undefined);
            }
          });
          res.on('error', () => resolve(undefined));
        },
      );
      req.on('timeout', () => {
        req.destroy();
        reject(new errors.TimeoutError('Request timed out', null as never));
      });
      req.on('error', () => resolve(undefined));
      req.end(payload);
    });
  }
}
