/**
 * Where webhooks may deliver: http(s) URLs whose host resolves only to public addresses, unless an administrator
 * allowed the host (WEBHOOK_ALLOWED_HOSTS). Checked when a subscription is made and again before every delivery (a name
 * may resolve elsewhere later).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { validationError } from '../../errors.js';

/** Loopback, private, link-local, carrier-grade NAT, unspecified, multicast and reserved ranges, and their IPv6 forms. */
export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) ||
      (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19))
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith('ff');
}

export function allowedHosts(setting: string): Set<string> {
  return new Set(setting.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** The URL, checked: a precise 400 saying what is wrong otherwise. */
export async function checkTarget(raw: unknown, allowed: Set<string>): Promise<URL> {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) throw validationError('url must be an http or https URL of at most 2000 characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(`url is not a URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw validationError(`url must use http or https, not ${url.protocol}`);
  if (url.username || url.password) throw validationError('url must not carry credentials; the signature authenticates deliveries');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowed.has(host)) return url;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw validationError(`url host ${host} does not resolve`);
  }
  const inner = addresses.find(isPrivateAddress);
  if (inner) throw validationError(`url host ${host} is a loopback, link-local or private address (${inner}); an administrator can allow it with WEBHOOK_ALLOWED_HOSTS`);
  return url;
}
