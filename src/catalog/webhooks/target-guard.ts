/**
 * Where webhooks may deliver: http(s) URLs whose host resolves only to public addresses, unless an administrator
 * allowed the host (WEBHOOK_ALLOWED_HOSTS). Checked when a subscription is made and again before every delivery (a name
 * may resolve elsewhere later); a delivery connects to the very address that was checked (pinned-fetch.ts), so a name
 * that resolves elsewhere the second time (DNS rebinding) is never asked twice.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { validationError } from '../../errors.js';

/** IPv6 global unicast: everything else (the IPv4-compatible ::/96 among it) is not a place on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is anything but a public unicast one: loopback, private, link-local, carrier-grade NAT,
 * unspecified, broadcast, multicast, reserved and documentation ranges, in every spelling ipaddr.js reads. An IPv4
 * address inside IPv6 (mapped ::ffff:a.b.c.d) is judged as the IPv4 address; the other forms that carry one (NAT64
 * 64:ff9b::/96, 6to4, Teredo, SIIT, IPv4-compatible ::/96) are refused whole. Anything that is not an address is too.
 */
export function isPrivateAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.range() !== 'unicast';
  return ip.range() !== 'unicast' || !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

/** A checked webhook target: the URL and the address its host resolved to, which the delivery connects to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export function allowedHosts(setting: string): Set<string> {
  return new Set(setting.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** The URL, checked: a precise 400 saying what is wrong otherwise. */
export async function checkTarget(raw: unknown, allowed: Set<string>): Promise<CheckedTarget> {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) throw validationError('url must be an http or https URL of at most 2000 characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(`url is not a URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw validationError(`url must use http or https, not ${url.protocol}`);
  if (url.username || url.password) throw validationError('url must not carry credentials; the signature authenticates deliveries');
  // The URL parser has already written every IPv4 spelling (decimal, hex, octal, short) as a.b.c.d and IPv6 as its short form.
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv4' ? 4 : 6 }] : await lookup(host, { all: true });
  } catch {
    throw validationError(`url host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw validationError(`url host ${host} does not resolve`);
  if (!allowed.has(host)) {
    const inner = addresses.find((a) => isPrivateAddress(a.address));
    if (inner) throw validationError(`url host ${host} is a loopback, link-local or private address (${inner.address}); an administrator can allow it with WEBHOOK_ALLOWED_HOSTS`);
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
