/**
 * Webhooks against the real node and real receivers: Standard Webhooks signatures verified with the official library,
 * filters, retries (500, 500, 200 → three attempts, one delivery), Retry-After, 410 disabling, dead letters and replay,
 * per-entity order while a delivery retries, a slow receiver that delays no one else, and refused private targets.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome, writeHomeFile } from './cli-harness.js';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived (epoch ms). */
  at: number;
}

/**
 * A receiver on 127.0.0.1 that answers with the statuses given, in turn (then 200), and keeps every request. An answer
 * marked `hold` waits until `release()`: a receiver that is slow for as long as the test needs, whatever the clock says.
 */
async function receiver(statuses: (number | { status: number; headers?: Record<string, string>; hold?: boolean })[] = []) {
  const got: Received[] = [];
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const state = { answered: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body, at: Date.now() });
      const next = statuses.shift() ?? 200;
      const answer = typeof next === 'number' ? { status: next } : next;
      void (answer.hold ? released : Promise.resolve()).then(() => {
        res.writeHead(answer.status, answer.headers);
        res.end();
        state.answered++;
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return { url, got, state, release, close: () => (release(), new Promise((r) => server.close(r))) };
}

async function ok(res: Promise<{ status: number; text: string; body: any }>, status = 200) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,hooks.${name},PROD)`;
let serial = 0;
async function dataset(): Promise<string> {
  const urn = ds(`d${++serial}`);
  await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, { value: { name: urn } }));
  return urn;
}
const tag = (urn: string, ...tags: string[]) => ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: tags.map((t) => ({ tag: t })) } }));

/** Relays the records and runs the dispatcher until `done` holds (retries wait for their time). */
async function deliverUntil(done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('deliveries did not arrive in time');
    await app.services.relay.tick();
    await app.services.dispatcher.drain();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function subscribe(url: string, filter: object = {}) {
  return ok(app.request('POST', '/openapi/v3/webhooks', { url, filter }), 201);
}

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('webhooks', { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE_MS: '150,150,150' });
  for (const t of ['pii.email', 'pii.phone', 'gold']) await ok(app.request('POST', `/openapi/v3/entity/tag/${enc(`urn:li:tag:${t}`)}/tagProperties`, { value: { name: t } }));
});

afterAll(async () => {
  await app?.services.dispatcher.stop();
  await app?.close();
});

describe('webhooks', () => {
  it('deliver matching events signed so the official library verifies them, and a tampered one fails', async () => {
    const r = await receiver();
    try {
      const hook = await subscribe(r.url, { categories: ['TAG'], tags: ['pii.*'] });
      expect(hook.secret).toMatch(/^whsec_/);
      const urn = await dataset();
      await tag(urn, 'urn:li:tag:gold');
      await tag(urn, 'urn:li:tag:gold', 'urn:li:tag:pii.email');
      await deliverUntil(() => r.got.length >= 1);
      expect(r.got).toHaveLength(1);
      const { headers, body } = r.got[0];
      const verified = new Webhook(hook.secret).verify(body, headers as Record<string, string>) as any;
      expect(verified).toMatchObject({ type: 'change.tag.add', data: { urn, category: 'TAG', operation: 'ADD', modifier: 'urn:li:tag:pii.email' } });
      expect(headers['webhook-id']).toBe(verified.data.id);
      expect(() => new Webhook(hook.secret).verify(body.replace('pii.email', 'pii.phone'), headers as Record<string, string>)).toThrow();
      expect(() => new Webhook(hook.secret).verify(body, { ...(headers as Record<string, string>), 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) })).toThrow();
      expect((await app.get('/metrics')).text).toMatch(/^tessera_webhook_deliveries_total\{outcome="delivered"\} [1-9]/m);
      await ok(app.del(`/openapi/v3/webhooks/${hook.id}`));
    } finally {
      await r.close();
    }
  });

  it('retry a receiver answering 500, 500, 200: three attempts with one webhook-id, one delivery', async () => {
    const r = await receiver([500, 500, 200]);
    try {
      const hook = await subscribe(r.url, { categories: ['TAG'] });
      const urn = await dataset();
      await tag(urn, 'urn:li:tag:gold');
      await deliverUntil(() => r.got.length >= 3);
      const ids = new Set(r.got.map((g) => g.headers['webhook-id']));
      expect(ids.size).toBe(1);
      const { deliveries } = await ok(app.get(`/openapi/v3/webhooks/${hook.id}/deliveries`));
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0].status).toBe('delivered');
      expect(deliveries[0].attempts.map((a: any) => a.status)).toEqual([500, 500, 200]);
      await ok(app.del(`/openapi/v3/webhooks/${hook.id}`));
    } finally {
      await r.close();
    }
  });

  it('keep per-entity order while a delivery retries, honour Retry-After, and dead-letter after the schedule; replay sends it again', async () => {
    const r = await receiver([{ status: 429, headers: { 'retry-after': '1' } }]);
    try {
      const hook = await subscribe(r.url, { categories: ['TAG'] });
      const [a, b] = [await dataset(), await dataset()];
      await tag(a, 'urn:li:tag:gold');
      await tag(a, 'urn:li:tag:gold', 'urn:li:tag:pii.email');
      await tag(b, 'urn:li:tag:gold');
      await deliverUntil(() => r.got.length >= 4);
      const order = r.got.map((g) => JSON.parse(g.body).data).map((d) => `${d.urn === a ? 'a' : 'b'}:${d.modifier.slice(11)}`);
      // a's first event was refused (429): b went ahead, a's second waited for a's first.
      expect(order).toEqual(['a:gold', 'b:gold', 'a:gold', 'a:pii.email']);
      // The refused delivery was sent again no sooner than its Retry-After (arrival stamps: a lower bound load cannot break).
      expect(r.got[2].at - r.got[0].at).toBeGreaterThanOrEqual(1000);
      await ok(app.del(`/openapi/v3/webhooks/${hook.id}`));
    } finally {
      await r.close();
    }
    const down = await receiver([500, 500, 500, 500]);
    try {
      const hook = await subscribe(down.url, { categories: ['TAG'] });
      const urn = await dataset();
      await tag(urn, 'urn:li:tag:gold');
      await deliverUntil(async () => (await ok(app.get(`/openapi/v3/webhooks/${hook.id}/deliveries?status=dead`))).count === 1);
      const [dead] = (await ok(app.get(`/openapi/v3/webhooks/${hook.id}/deliveries?status=dead`))).deliveries;
      expect(dead.attempts).toHaveLength(4);
      await ok(app.post(`/openapi/v3/webhooks/${hook.id}/deliveries/${dead.eventId}/replay`, {}));
      await deliverUntil(async () => (await ok(app.get(`/openapi/v3/webhooks/${hook.id}/deliveries?status=delivered`))).count === 1);
      expect(down.got).toHaveLength(5);
      await ok(app.del(`/openapi/v3/webhooks/${hook.id}`));
    } finally {
      await down.close();
    }
  });

  it('disable a subscription whose receiver answers 410, and a slow receiver delays no other subscription', async () => {
    const gone = await receiver([410]);
    const slow = await receiver([{ status: 200, hold: true }]);
    const fast = await receiver();
    try {
      const g = await subscribe(gone.url);
      const s = await subscribe(slow.url, { categories: ['TAG'] });
      await subscribe(fast.url, { categories: ['TAG'] });
      const urn = await dataset();
      await tag(urn, 'urn:li:tag:gold');
      await app.services.relay.tick();
      void app.services.dispatcher.tick();
      // The fast receiver is served while the slow one has not answered: it waits for nobody.
      await expect.poll(() => fast.got.length, { timeout: 15_000, interval: 50 }).toBe(1);
      expect(slow.state.answered).toBe(0);
      await expect.poll(async () => (await app.get(`/openapi/v3/webhooks/${g.id}`)).body, { timeout: 15_000, interval: 100 }).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410') });
      expect(slow.state.answered).toBe(0);
      slow.release();
      await expect.poll(() => slow.got.length, { timeout: 15_000 }).toBe(1);
      await app.services.dispatcher.drain();
      await ok(app.del(`/openapi/v3/webhooks/${s.id}`));
    } finally {
      await Promise.all([gone.close(), slow.close(), fast.close()]);
    }
  });

  it('are managed with tessera webhook: create prints the secret once, list, deliveries, delete', async () => {
    const r = await receiver();
    const home = tempHome();
    const env = cliEnv(app, home, { TESSERA_TOKEN: app.token });
    try {
      const filter = writeHomeFile(home, 'filter.yaml', 'categories: [TAG]\ntags: [gold]\n');
      const created = await runCli(['webhook', 'create', '--url', r.url, '--filter', filter, '--description', 'gold tags'], env);
      expect(created.code, created.stderr).toBe(0);
      const id = /Created webhook (\S+) for/.exec(created.stdout)![1];
      expect(created.stdout).toMatch(/Signing secret \(shown once; verify deliveries with it\): whsec_/);
      expect((await runCli(['webhook', 'list'], env)).stdout).toContain(`${id}\t${r.url}\tyes`);
      await tag(await dataset(), 'urn:li:tag:gold');
      await deliverUntil(() => r.got.length >= 1);
      const deliveries = await runCli(['webhook', 'deliveries', '--id', id], env);
      expect(deliveries.stdout).toMatch(/\tdelivered\t200$/m);
      expect((await runCli(['webhook', 'delete', '--id', id], env)).stdout).toBe(`Deleted webhook ${id}\n`);
    } finally {
      await r.close();
    }
  });

  it('stop delivering once their creator loses the right: the subscription is disabled, saying why', async () => {
    const r = await receiver();
    const creator = 'urn:li:corpuser:hook.owner';
    const token = await mintToken(TEST_SECRET, creator, 3600);
    let policy: string | undefined;
    try {
      const hook = await ok(app.request('POST', '/openapi/v3/webhooks', { url: r.url, filter: { categories: ['TAG'] } }, { token }), 201);
      const urn = await dataset();
      await tag(urn, 'urn:li:tag:gold');
      await deliverUntil(() => r.got.length >= 1);
      const denied = await ok(app.request('POST', '/openapi/v3/policies', { name: 'no hooks', effect: 'DENY', privileges: ['MANAGE_WEBHOOKS'], actors: { users: [creator] } }), 201);
      policy = denied.urn;
      await tag(urn, 'urn:li:tag:gold', 'urn:li:tag:pii.email');
      await deliverUntil(async () => (await app.get(`/openapi/v3/webhooks/${hook.id}`)).body.enabled === false);
      const shown = (await app.get(`/openapi/v3/webhooks/${hook.id}`)).body;
      expect(shown.disabledReason).toMatch(/urn:li:corpuser:hook\.owner lacks MANAGE_WEBHOOKS/);
      expect(r.got).toHaveLength(1);
    } finally {
      if (policy) await app.del(`/openapi/v3/policies/${enc(policy)}`);
      await r.close();
    }
  });

  it('refuse private targets unless allowed, filters that are not data, and callers without the privilege', async () => {
    for (const url of ['http://169.254.169.254/latest', 'http://10.0.0.1/x', 'http://[::1]/x', 'ftp://example.com/x', 'not a url']) {
      const res = await app.request('POST', '/openapi/v3/webhooks', { url });
      expect(res.status, url).toBe(400);
    }
    const code = await app.request('POST', '/openapi/v3/webhooks', { url: 'http://127.0.0.1:9/x', filter: { expression: "category == 'TAG'" } });
    expect(code.status).toBe(400);
    expect(code.body.message).toMatch(/unknown field\(s\) 'expression'/);
    const strict = await startTestApp('webhooks-strict', { INDEX_PREFIX: app.prefix });
    const reader = await startTestApp('webhooks-reader', { INDEX_PREFIX: app.prefix, DEFAULT_ROLE: 'Reader' });
    try {
      const refused = await strict.request('POST', '/openapi/v3/webhooks', { url: 'http://127.0.0.1:9/x' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/loopback, link-local or private address.*WEBHOOK_ALLOWED_HOSTS/);
      // Every other spelling of loopback, link-local (the cloud metadata address) and private: IPv4 inside IPv6 (mapped,
      // IPv4-compatible, NAT64, 6to4) and IPv4 written in decimal, hex, octal or short — all refused before any connection.
      const spellings = [
        'http://[::ffff:127.0.0.1]:9/hook', 'http://[::ffff:7f00:1]:9/hook', 'http://[::ffff:a9fe:a9fe]/latest', 'http://[::7f00:1]:9/x',
        'http://[64:ff9b::7f00:1]:9/x', 'http://[64:ff9b::a9fe:a9fe]/x', 'http://[2002:7f00:1::1]:9/x', 'http://[fe80::1]/x', 'http://[fd00::1]/x',
        'http://2130706433:9/x', 'http://0x7f000001:9/x', 'http://0177.0.0.1:9/x', 'http://127.1:9/x', 'http://0.0.0.0:9/x', 'http://100.64.0.1/x',
      ];
      for (const url of spellings) {
        const res = await strict.request('POST', '/openapi/v3/webhooks', { url });
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toMatch(/loopback, link-local or private address/);
      }
      expect((await reader.get('/openapi/v3/webhooks')).status).toBe(403);
    } finally {
      await Promise.all([strict.close({ keepIndices: true }), reader.close({ keepIndices: true })]);
    }
  });
});
