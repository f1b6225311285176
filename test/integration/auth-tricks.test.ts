/**
 * Security regressions that must hold: tokens stripped of their signature, empty or doubled Authorization headers,
 * forged actor headers and path tricks in front of protected routes are all refused with 401; a stored token stands
 * for its own actor only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;
let alice: string;

beforeAll(async () => {
  app = await startTestApp('auth-tricks');
  alice = await mintToken(TEST_SECRET, 'urn:li:corpuser:alice', 3600);
});
afterAll(async () => app?.close());

/** A raw request, so headers can be doubled and paths sent exactly as written. */
async function raw(path: string, headers: [string, string][] = []): Promise<{ status: number; body: any }> {
  const { request } = await import('node:http');
  const u = new URL(app.url);
  return new Promise((resolve, reject) => {
    // Headers as a flat list (so one name can be sent twice); a list carries no Host of its own.
    const lines = [['host', u.host], ...headers].flatMap(([k, v]) => [k, v]);
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET', headers: lines as never }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('authentication cannot be talked around', () => {
  it('refuses a signed token stripped of its signature, an empty header and two Authorization headers', async () => {
    const [h, p] = alice.split('.');
    expect((await raw('/openapi/v3/me', [['authorization', `Bearer ${h}.${p}.`]])).status).toBe(401);
    expect((await raw('/openapi/v3/me', [['authorization', `Bearer ${h}.${p}`]])).status).toBe(401);
    expect((await raw('/openapi/v3/me', [['authorization', '']])).status).toBe(401);
    const doubled = await raw('/openapi/v3/me', [['authorization', `Bearer ${alice}`], ['authorization', 'Bearer garbage']]);
    expect(doubled.status).toBe(401);
    expect(doubled.body.message).toMatch(/one Authorization header/);
    const twice = await raw('/openapi/v3/me', [['authorization', `Bearer ${alice}`], ['Authorization', `Bearer ${alice}`]]);
    expect(twice.status).toBe(401);
    expect((await raw('/openapi/v3/me', [['authorization', `Bearer ${alice}`]])).body).toMatchObject({ actor: 'urn:li:corpuser:alice' });
  });

  it('ignores headers that claim another actor', async () => {
    for (const name of ['x-datahub-actor', 'x-tessera-actor', 'x-forwarded-user', 'x-actor']) {
      const r = await raw('/openapi/v3/me', [['authorization', `Bearer ${alice}`], [name, 'urn:li:corpuser:admin']]);
      expect(r.body, name).toMatchObject({ actor: 'urn:li:corpuser:alice' });
      expect((await raw('/openapi/v3/me', [[name, 'urn:li:corpuser:admin']])).status, name).toBe(401);
    }
  });

  it('answers 401 without a token however a protected path is spelled', async () => {
    const paths = [
      '/openapi/v3/entity/dataset;x', '/openapi/v3/entity/dataset/', '/openapi%2Fv3/entity/dataset', '/openapi/v3%2Fentity%2Fdataset',
      '//openapi/v3/entity/dataset', '/./openapi/v3/entity/dataset', '/health/../openapi/v3/entity/dataset', '/openapi/v3/api-docs/../../v3/entity/dataset',
      '/gms//openapi/v3/tokens', '/OPENAPI/v3/tokens', '/openapi/v3/tokens/', '/openapi/v3/tokens;.css', '/api/graphql/..;/graphql',
    ];
    for (const path of paths) {
      const r = await raw(path);
      expect(r.status, path).toBe(401);
    }
    // Under the web page's public prefix, a climbing path is the page itself, never the protected answer.
    const page = await raw('/ui/../openapi/v3/me');
    expect(page.body).toMatch(/^<!doctype html>/i);
  });
});
