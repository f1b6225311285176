/** A pass-through HTTP proxy in front of the OpenSearch node that records every request, so tests can assert what the store was sent. */
import { createServer, request, type Server } from 'node:http';

export interface CountingProxy {
  url: string;
  /** Requests seen since the last reset, as `METHOD /path`. */
  seen: string[];
  reset(): void;
  /** Holds back the answers to requests whose path matches, for `ms`, as an overloaded engine would. */
  delay(path: RegExp | undefined, ms?: number): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  let slow: { path: RegExp; ms: number } | undefined;
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
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
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    reset: () => void seen.splice(0, seen.length),
    delay: (path, ms = 0) => void (slow = path ? { path, ms } : undefined),
    close: () => new Promise((r) => server.close(() => r())),
  };
}
