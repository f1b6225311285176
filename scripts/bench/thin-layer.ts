/**
 * The thinnest Node layer over OpenSearch, the reference for a point read: a node:http server that makes one
 * keep-alive realtime GET per request, parses it and answers the aspect as JSON. Run as its own process.
 */
import http from 'node:http';

const target = new URL(process.env.THIN_OPENSEARCH ?? 'http://127.0.0.1:9200');
const index = process.env.THIN_INDEX ?? 'bench_dataset';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function getDoc(id: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { agent, hostname: target.hostname, port: target.port, path: `/${index}/_doc/${encodeURIComponent(id)}?realtime=true` },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

// GET /<urn percent-encoded>/<aspect> answers {urn, <aspect>: {value}} like REST v3.
const server = http.createServer(async (req, res) => {
  const [, urn, aspect] = (req.url ?? '').split('?')[0].split('/');
  if (urn === 'health') return void res.end('{}');
  try {
    const { status, body } = await getDoc(decodeURIComponent(urn));
    const value = body._source?.aspects?.[aspect]?.value;
    const out = status === 200 && value !== undefined ? { urn: body._source.urn, [aspect]: { value } } : { error: 'Not Found' };
    res.writeHead(status === 200 && value !== undefined ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out));
  } catch (e) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: (e as Error).message }));
  }
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.THIN_PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
