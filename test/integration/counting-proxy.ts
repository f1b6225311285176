/** A pass-through HTTP proxy in front of the OpenSearch node that records every request, so tests can assert what the store was sent. */
import { createServer, request, type Server } from 'node:http';

export interface CountingProxy {
  url: string;
  /** Requests seen since the last reset, as `METHOD /path`. */
  seen: string[];
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
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
    close: () => new Promise((r) => server.close(() => r())),
  };
}
