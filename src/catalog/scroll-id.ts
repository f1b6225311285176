/** Opaque scroll ids: the sort values of the last hit, base64url-encoded JSON. */
import { validationError } from '../errors.js';

export function encodeScrollId(sortValues: unknown[], extra: Record<string, unknown> = {}): string {
  return Buffer.from(JSON.stringify({ s: sortValues, ...extra })).toString('base64url');
}

export function decodeScrollId(scrollId: string): { s: unknown[]; [k: string]: unknown } {
  try {
    const parsed = JSON.parse(Buffer.from(scrollId, 'base64url').toString('utf8'));
    if (!parsed || !Array.isArray(parsed.s)) throw new Error('shape');
    return parsed;
  } catch {
    throw validationError(`Invalid scrollId: ${scrollId.slice(0, 64)}`);
  }
}
