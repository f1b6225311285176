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
  /**
   * The next request whose path matches is held before it is passed on (a writer paused mid-request) until the
   * returned function is called.
   */
  hold(path: RegExp): () => void;
  /**
   * The next `_bulk` request whose path matches passes on only its first half of items, and its caller gets a 502 once
   * the node has answered: a bulk applied in part, its answer lost.
   */
  halve(path: RegExp): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  let slow: { path: RegExp; ms: number } | undefined;
  let refused: { path: RegExp; status: number } | undefined;
  let held: { path: RegExp; until: Promise<void> } | undefined;
  let halved: RegExp | undefined;
  const server: Server = createServer(async (req, res) => {
    // The access snapshot's reloads run on a timer, and the relay's positions are read in the background: neither is on
    // any request's path, so neither is a request's call (nor refused: a refusal is for the calls a test watches).
    const background = /access\/_search|_doc\/change-relay/.test(req.url ?? '');
    if (!background) seen.push(`${req.method} ${req.url}`);
    if (refused && !background && refused.path.test(req.url ?? '')) {
      const status = refused.status;
      req.resume();
      return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'refused_by_test', reason: `status ${status}` }, status }));
    }
    if (held && held.path.test(req.url ?? '')) {
      const until = held.until;
      held = undefined;
      await until;
    }
    if (halved && halved.test(req.url ?? '')) {
      halved = undefined;
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter((l) => l.length > 0);
      const kept = lines.slice(0, Math.floor(lines.length / 4) * 2).join('\n') + '\n';
      const { 'content-length': _, ...headers } = req.headers;
      const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...headers, 'content-length': Buffer.byteLength(kept) } }, (r) => {
        r.resume();
        r.on('end', () => res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'halved_by_test' }, status: 502 })));
      });
      up.on('error', () => res.destroy());
      return void up.end(kept);
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
    hold: (path) => {
      let release!: () => void;
      held = { path, until: new Promise<void>((r) => (release = r)) };
      return () => release();
    },
    halve: (path) => void (halved = path),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
