/** The webhook target guard's address rules, and a delivery connecting to the checked address only (loopback traffic only). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPinned } from '../../src/catalog/webhooks/pinned-fetch.js';
import { checkTarget, isPrivateAddress } from '../../src/catalog/webhooks/target-guard.js';

describe('isPrivateAddress', () => {
  it('refuses every non-public address in every spelling ipaddr.js reads', () => {
    for (const a of [
      '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1',
      '192.0.2.1', '198.51.100.1', '203.0.113.1', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', 'ff02::1', '2001:db8::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::7f00:1', '::a9fe:a9fe',
      '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', '2002:7f00:1::1', '2001::1', 'not an address', '',
    ]) expect(isPrivateAddress(a), a).toBe(true);
  });

  it('lets public unicast addresses through, an IPv4 one inside ::ffff: too', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('checkTarget', () => {
  it('reads the URL parser’s normal form: decimal, hex, octal and short IPv4 are 127.0.0.1', async () => {
    for (const url of ['http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/']) {
      await expect(checkTarget(url, new Set()), url).rejects.toThrow(/^url host (127.0.0.1|::ffff:7f00:1) is a loopback, link-local or private address/);
    }
  });

  it('answers the address it checked, for the delivery to connect to', async () => {
    expect(await checkTarget('https://[2606:4700::1111]/hook', new Set())).toMatchObject({ address: '2606:4700::1111', family: 6 });
    expect(await checkTarget('http://127.0.0.1:9/hook', new Set(['127.0.0.1']))).toMatchObject({ address: '127.0.0.1', family: 4 });
  });
});

describe('fetchPinned', () => {
  let server: Server;
  let port: number;
  const hosts: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('connects to the checked address and never resolves the name again (a .invalid name cannot resolve at all)', async () => {
    const url = new URL(`http://rebind.invalid:${port}/hook`);
    const res = await fetchPinned({ url, address: '127.0.0.1', family: 4 }, { method: 'POST', body: '{}' });
    expect(res.status).toBe(204);
    expect(hosts).toEqual([`rebind.invalid:${port}`]);
  });
});
