/**
 * Conditional writes as the original's clients ask for them: an aspect's `headers` (REST v3 envelope, wire proposal)
 * may carry If-Version-Match (the stored aspect's version, "-1" for none), If-Modified-Since and If-Unmodified-Since
 * (ISO-8601 instants). Parsed here into a WritePrecondition; checked inside the write against the aspect it reads, so
 * a concurrent writer cannot slip in between the check and the change. Any other header is refused by name.
 */
import { z } from 'zod';
import { CatalogError } from '../errors.js';

/** Conditions on an aspect as stored, checked inside the write against what it reads (checkPrecondition). */
export interface WritePrecondition {
  /** The stored aspect's version, as the original counts it; "-1": the aspect must not exist. */
  versionMatch?: string;
  /** The aspect was last modified after this (epoch ms). */
  modifiedSince?: number;
  /** The aspect was last modified at or before this (epoch ms). */
  unmodifiedSince?: number;
}

const HEADERS = { 'if-version-match': 'versionMatch', 'if-modified-since': 'modifiedSince', 'if-unmodified-since': 'unmodifiedSince' } as const;
/** The version an absent aspect has, as the original writes it. */
export const NO_VERSION = '-1';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The headers of one aspect write: the three conditions, each at most once (names in any letter case). */
export const ConditionalHeadersSchema = z
  .record(z.string(), z.string())
  .nullable()
  .optional()
  .transform((headers, ctx): WritePrecondition | undefined => {
    if (!headers) return undefined;
    const out: WritePrecondition = {};
    for (const [name, raw] of Object.entries(headers)) {
      const key = HEADERS[name.toLowerCase() as keyof typeof HEADERS];
      const value = raw.trim();
      if (!key) ctx.addIssue({ code: 'custom', message: `header ${name} is not supported; the conditions are If-Version-Match, If-Modified-Since and If-Unmodified-Since` });
      else if (out[key] !== undefined) ctx.addIssue({ code: 'custom', message: `header ${name} is given twice` });
      else if (key === 'versionMatch') {
        if (/^(-1|\d{1,15})$/.test(value)) out.versionMatch = value;
        else ctx.addIssue({ code: 'custom', message: `${name} must be an aspect version (a whole number, or -1 for an aspect that must not exist); got ${JSON.stringify(raw)}` });
      } else if (ISO_INSTANT.test(value) && Number.isFinite(Date.parse(value))) out[key] = Date.parse(value);
      else ctx.addIssue({ code: 'custom', message: `${name} must be an ISO-8601 instant such as 2026-01-31T12:00:00Z; got ${JSON.stringify(raw)}` });
    }
    return Object.keys(out).length > 0 ? out : undefined;
  });

/** What a precondition is checked against: the aspect as stored, or undefined when absent. */
interface StoredState {
  version: number;
  lastModified: { time: number };
}

/** Refuses with 412 (naming the aspect, what was expected and what is stored) unless every condition holds. */
export function checkPrecondition(p: WritePrecondition, stored: StoredState | undefined, aspect: string, urn: string): void {
  const actual = stored ? String(Math.max(1, stored.version)) : NO_VERSION;
  const modified = stored ? stored.lastModified.time : Number.NEGATIVE_INFINITY;
  const at = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : 'never');
  const fail = (why: string) => {
    throw new CatalogError('PRECONDITION_FAILED', `The condition on ${aspect} of ${urn} does not hold: ${why}; nothing was written`);
  };
  if (p.versionMatch !== undefined && p.versionMatch !== actual) fail(`expected version ${p.versionMatch}, stored version ${actual}`);
  if (p.modifiedSince !== undefined && !(modified > p.modifiedSince)) fail(`last modified ${at(modified)}, not after ${at(p.modifiedSince)}`);
  if (p.unmodifiedSince !== undefined && !(modified <= p.unmodifiedSince)) fail(`last modified ${at(modified)}, after ${at(p.unmodifiedSince)}`);
}
