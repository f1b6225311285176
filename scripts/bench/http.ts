/** The one HTTP client both sides of every row use: node:http with a keep-alive agent, JSON in and out. */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });

export interface HttpResult {
  status: number;
  text: string;
  json<T = any>(): T;
}

export function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
  // A kept-alive socket the server closed just as it was reused fails at once; Node's documented remedy is one retry.
  return send(method, url, body, headers).catch((e: Error & { reused?: boolean; code?: string }) => {
    if (e.reused && (e.code === 'ECONNRESET' || e.message === 'socket hang up')) return send(method, url, body, headers);
    throw e;
  });
}

function send(method: string, url: string, body: unknown, headers: Record<string, string>): Promise<HttpResult> {
  const u = new URL(url);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const h: Record<string, string | number> = { accept: 'application/json', ...headers };
  if (payload !== undefined) {
    h['content-type'] ??= 'application/json';
    h['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, method, hostname: u.hostname, port: u.port, path: u.pathname + u.search, headers: h, auth: u.username ? `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}` : undefined },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e) => reject(Object.assign(e, { reused: req.reusedSocket })));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Like request, but throws unless the status is 2xx. */
export async function ok(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult> {
  const r = await request(method, url, body, headers);
  if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${url} → ${r.status}: ${r.text.slice(0, 500)}`);
  return r;
}

export function closeAgent(): void {
  agent.destroy();
}
