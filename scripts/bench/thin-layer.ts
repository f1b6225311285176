/**
 * The thinnest Node layer over OpenSearch, the reference for the read rows: a node:http server that makes one
 * keep-alive request to OpenSearch per request, parses the answer and answers a small JSON. Run as its own process.
 *   GET  /<urn percent-encoded>/<aspect>  one realtime GET; answers {urn, <aspect>: {value}} like REST v3
 *   POST /search/<index>                  the body as one POST /<index>/_search; answers {total, urns, buckets}
 */
import http from 'node:http';

const target = new URL(process.env.THIN_OPENSEARCH ?? 'http://127.0.0.1:9200');
const index = process.env.THIN_INDEX ?? 'bench_dataset';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function engine(method: string, path: string, body?: Buffer): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers = body ? { 'content-type': 'application/json', 'content-length': body.length } : undefined;
    const req = http.request({ agent, method, hostname: target.hostname, port: target.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function getAspect(urn: string, aspect: string): Promise<[number, object]> {
  const { status, body } = await engine('GET', `/${index}/_doc/${encodeURIComponent(urn)}?realtime=true`);
  const value = body._source?.aspects?.[aspect]?.value;
  return status === 200 && value !== undefined ? [200, { urn: body._source.urn, [aspect]: { value } }] : [404, { error: 'Not Found' }];
}

/** Total, the hits' URNs (doc value or stored) and each aggregation's buckets as [key, count]. */
async function search(searchIndex: string, request: Buffer): Promise<[number, object]> {
  const { status, body } = await engine('POST', `/${encodeURIComponent(searchIndex)}/_search`, request);
  if (status !== 200) return [status, { error: body.error?.type ?? 'search failed' }];
  const urns = body.hits.hits.map((h: any) => h.fields?.urn?.[0] ?? h._source?.urn);
  const buckets: Record<string, [unknown, number][]> = {};
  for (const [name, agg] of Object.entries<any>(body.aggregations ?? {})) buckets[name] = agg.buckets.map((b: any) => [b.key, b.doc_count]);
  return [200, { total: body.hits.total?.value, urns, buckets }];
}

const server = http.createServer(async (req, res) => {
  const [, first, second] = (req.url ?? '').split('?')[0].split('/');
  if (first === 'health') return void res.end('{}');
  try {
    const [status, out] = req.method === 'POST' && first === 'search'
      ? await search(decodeURIComponent(second), await readBody(req))
      : await getAspect(decodeURIComponent(first), second);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out));
  } catch (e) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: (e as Error).message }));
  }
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.THIN_PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
