/**
 * A webhook delivery's HTTP request, connected to the address the target guard checked: the host's name is never
 * resolved a second time (a name that answers a public address to the check and a private one to the connection,
 * DNS rebinding, reaches nothing). TLS still names the host (SNI and certificate checks use the URL's name).
 */
import type { LookupFunction } from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';
import type { CheckedTarget } from './target-guard.js';

/** A lookup that answers the pinned address whatever it is asked (both the one-address and the all-addresses forms). */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean } | undefined, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** Sends one request to the checked target and answers its response, body already discarded. */
export async function fetchPinned(target: CheckedTarget, init: RequestInit): Promise<Response> {
  const agent = new Agent({ connect: { lookup: pinnedLookup(target.address, target.family) } });
  try {
    const res = await fetch(target.url, { ...init, dispatcher: agent });
    await res.body?.cancel().catch(() => undefined);
    return res;
  } finally {
    void agent.close().catch(() => undefined);
  }
}
