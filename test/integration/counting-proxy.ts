/** A pass-through HTTP proxy in front of the OpenSearch node that records every request, so tests can assert what the store was sent. */
import { createServer, request, type Server } from 'node:http';

export interface CountingProxy {
  url: string;
  /** Requests seen since the last reset, as `METHOD /path`. */
  seen: string[];
  reset(): void;
  /** Holds back the answers to requests whose path matches, for `ms`, as an overloaded engine would. */
  delay(path: RegExp | undefined, ms?: number): void;
  /** Answers requests whose path matches with `status` itself (an overloaded or failing node), without passing them on. */
  refuse(path: RegExp | undefined, status?: number): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  let slow: { path: RegExp; ms: number } | undefined;
  let refused: { path: RegExp; status: number } | undefined;
  const server: Server = createServer((req, res) => {
    // The access snapshot's reloads run on a timer, and the relay's positions are read in the background: neither is on
    // any request's path, so neither is a request's call (nor refused: a refusal is for the calls a test watches).
    const background = /access\/_search|_doc\/change-relay/.test(req.url ?? '');
    if (!background) seen.push(`${req.method} ${req.url}`);
    if (refused && !background && refused.path.test(req.url ?? '')) {
      const status = refused.status;
      req.resume();
      return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'refused_by_test', reason: `status ${status}` }, status }));
    }
    const hold = slow && slow.path.test(req.url ?? '') ? slow.ms : 0;
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      setTimeout(() => {
        if (res.destroyed) return r.resume();
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      }, hold);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  // Like the node it stands for, the proxy keeps idle connections open: with Node's 5 s default it closed sockets the
  // service's client was about to reuse, and a loaded run saw a 503 "OpenSearch is unreachable" for a write.
  server.keepAliveTimeout = 0;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    reset: () => void seen.splice(0, seen.length),
    delay: (path, ms = 0) => void (slow = path ? { path, ms } : undefined),
    refuse: (path, status = 503) => void (refused = path ? { path, status } : undefined),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
