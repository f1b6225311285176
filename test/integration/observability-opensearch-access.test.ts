/** OpenSearch through configuration only: several nodes, basic auth, AWS SigV4, TLS with a CA file, shards and replicas; seen from proxies in front of the real node. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bootstrapCatalog } from '../../src/catalog/bootstrap.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createServices } from '../../src/services.js';

interface Seen {
  method: string;
  path: string;
  authorization?: string;
  amzDate?: string;
}

/** A proxy in front of the shared node that records what the client sends (never forwarding credentials). */
async function startProxy(tls?: { key: Buffer; cert: Buffer }): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const target = inject('opensearchUrl');
  const seen: Seen[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      seen.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, amzDate: req.headers['x-amz-date'] as string | undefined });
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') }, body });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  };
  const server = tls ? createHttpsServer(tls, handle) : createHttpServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, seen, server };
}

const servers: Server[] = [];
const prefixes: string[] = [];
afterAll(async () => {
  for (const s of servers) s.close();
  const raw = new Client({ node: inject('opensearchUrl') });
  for (const p of prefixes) await raw.indices.delete({ index: `${p}*` }, { ignore: [404] });
  await raw.close();
});

/** Services on a fresh prefix with the given environment; runs the bootstrap (reads and writes) through them. */
async function servicesWith(env: Record<string, string>) {
  const prefix = `t_osaccess_${randomBytes(3).toString('hex')}_`;
  prefixes.push(prefix);
  const config = loadConfig({ INDEX_PREFIX: prefix, AUTH_MODE: 'none', LOG_LEVEL: 'silent', ...env });
  const services = await createServices(config, createLogger('silent'), config.OPENSEARCH_URL!);
  await bootstrapCatalog(services);
  return { services, prefix };
}

describe('OpenSearch through configuration', () => {
  it('spreads calls over every node of a comma-separated OPENSEARCH_URL', async () => {
    const nodes = [await startProxy(), await startProxy()];
    servers.push(...nodes.map((n) => n.server));
    const { services } = await servicesWith({ OPENSEARCH_URL: nodes.map((n) => n.url).join(',') });
    for (let i = 0; i < 10; i++) await services.store.get('tag', `urn:li:tag:n${i}`);
    await services.close();
    for (const n of nodes) expect(n.seen.length).toBeGreaterThan(2);
  });

  it('sends basic authentication when OPENSEARCH_USERNAME and OPENSEARCH_PASSWORD are set', async () => {
    const node = await startProxy();
    servers.push(node.server);
    const { services } = await servicesWith({ OPENSEARCH_URL: node.url, OPENSEARCH_USERNAME: 'tessera', OPENSEARCH_PASSWORD: 's3cret pass' });
    await services.close();
    expect(node.seen.length).toBeGreaterThan(0);
    for (const s of node.seen) expect(s.authorization).toBe(`Basic ${Buffer.from('tessera:s3cret pass').toString('base64')}`);
  });

  it('signs every call with AWS SigV4 for a managed domain when OPENSEARCH_AWS_REGION is set', async () => {
    const node = await startProxy();
    servers.push(node.server);
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTESSERATEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'tessera-test-secret-key';
    try {
      const { services } = await servicesWith({ OPENSEARCH_URL: node.url, OPENSEARCH_AWS_REGION: 'eu-west-1' });
      await services.close();
    } finally {
      process.env.AWS_ACCESS_KEY_ID = saved.id;
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    }
    expect(node.seen.length).toBeGreaterThan(0);
    for (const s of node.seen) {
      expect(s.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTESSERATEST\/\d{8}\/eu-west-1\/es\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/);
      expect(s.amzDate).toMatch(/^\d{8}T\d{6}Z$/);
    }
  });

  it('trusts the cluster\'s certificate through OPENSEARCH_CA_FILE, and refuses it without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-tls-'));
    const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=Tessera test CA');
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'node.key', '-out', 'node.csr', '-subj', '/CN=127.0.0.1');
    execFileSync('bash', ['-c', "printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext && openssl x509 -req -in node.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out node.pem -days 1 -extfile san.ext"], { cwd: dir, stdio: 'ignore' });
    const node = await startProxy({ key: readFileSync(join(dir, 'node.key')), cert: readFileSync(join(dir, 'node.pem')) });
    servers.push(node.server);
    await expect(servicesWith({ OPENSEARCH_URL: node.url })).rejects.toThrow();
    const { services } = await servicesWith({ OPENSEARCH_URL: node.url, OPENSEARCH_CA_FILE: join(dir, 'ca.pem') });
    expect(await services.store.get('dataType', 'urn:li:dataType:service.string')).not.toBeNull();
    await services.close();
    expect(() => loadConfig({ OPENSEARCH_URL: 'http://127.0.0.1:9200', OPENSEARCH_CA_FILE: join(dir, 'ca.pem') })).toThrow(/OPENSEARCH_CA_FILE: applies to https:\/\/ URLs/);
    await expect(servicesWith({ OPENSEARCH_URL: node.url, OPENSEARCH_CA_FILE: join(dir, 'missing.pem') })).rejects.toThrow(/OPENSEARCH_CA_FILE: cannot read .*missing\.pem \(ENOENT\)/);
  });

  it('creates every index with the configured shards and replicas', async () => {
    const { services, prefix } = await servicesWith({ OPENSEARCH_URL: inject('opensearchUrl'), OPENSEARCH_SHARDS: '2', OPENSEARCH_REPLICAS: '1' });
    await services.close();
    const raw = new Client({ node: inject('opensearchUrl') });
    const settings = (await raw.indices.getSettings({ index: `${prefix}*`, name: 'index.number_of_*', flat_settings: true })).body as Record<string, { settings: Record<string, string> }>;
    await raw.close();
    expect(Object.keys(settings).length).toBeGreaterThan(5);
    for (const s of Object.values(settings)) expect(s.settings).toEqual({ 'index.number_of_shards': '2', 'index.number_of_replicas': '1' });
  });
});
