/** A counting proxy between Tessera and OpenSearch: forwards every request and tallies them by method and endpoint. */
import http from 'node:http';

/** `GET dataset/_doc`, `POST structuredproperty/_mget`, `GET _cluster/health`: index prefix and document ids dropped. */
export function endpointOf(method: string, url: string, prefix: string): string {
  const parts = url.split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
  const index = parts[0] && !parts[0].startsWith('_') ? parts[0].split(',').map((i) => i.replace(prefix, '').replace(/_\d{17}$/, '')).join(',') : '';
  const op = parts.find((p) => p.startsWith('_')) ?? '';
  const rest = op === '_cluster' || op === '_nodes' || op === '_cat' ? `/${parts[parts.indexOf(op) + 1] ?? ''}` : '';
  return `${method} ${index}${index && op ? '/' : ''}${op}${rest}`.trim();
}

export interface CountingProxy {
  url: string;
  counts: Map<string, number>;
  /** Request bodies seen per endpoint (the first few), to show the engine's work. */
  bodies: Map<string, string[]>;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string, prefix: string): Promise<CountingProxy> {
  const t = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const counts = new Map<string, number>();
  const bodies = new Map<string, string[]>();
  const server = http.createServer((req, res) => {
    const key = endpointOf(req.method ?? 'GET', req.url ?? '/', prefix);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const seen = bodies.get(key) ?? [];
      if (seen.length < 3 && body.length) seen.push(body.toString('utf8').slice(0, 4000));
      bodies.set(key, seen);
      const up = http.request(
        { agent, hostname: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host } },
        (ur) => {
          res.writeHead(ur.statusCode ?? 502, ur.headers);
          ur.pipe(res);
        },
      );
      up.on('error', (e) => {
        res.writeHead(502);
        res.end(e.message);
      });
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    bodies,
    reset: () => {
      counts.clear();
      bodies.clear();
    },
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
      agent.destroy();
    }),
  };
}
