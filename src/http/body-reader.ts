/**
 * Reads request bodies, one reader for every route and every way a body arrives (declared length, chunked, gzip,
 * deflate or brotli): JSON only, UTF-8 only (invalid bytes are refused, never replaced), bounded in size after decoding
 * and in nesting, and free of prototype keys — each refusal a precise 4xx naming the limit and its setting. The media
 * type and charset are decided by one predicate before a byte is read. Bodiless requests skip it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import typeis from 'type-is';
import { CatalogError } from '../errors.js';
import { findForbiddenKey, mayHoldForbiddenKey } from '../model/forbidden-keys.js';
import { jsonDepthOf } from '../model/json-depth.js';

export interface BodyLimits {
  maxBodyBytes: number;
  maxJsonDepth: number;
}

const JSON_TYPES = ['application/json', 'application/json-patch+json', 'application/*+json'];
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };

type Req = IncomingMessage & { body?: unknown };

/** Whether a request carries a body (a declared length above zero, or chunks). */
export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The one media-type and charset rule: JSON, and a charset (if any) that names UTF-8 in any of its spellings. */
export function mediaTypeRefusal(req: IncomingMessage): CatalogError | undefined {
  const type = req.headers['content-type'];
  if (!type || !typeis(req, JSON_TYPES)) {
    return new CatalogError('UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Type ${type ?? '(none)'}: send JSON (application/json or application/json-patch+json)`);
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
  if (charset && charset.toLowerCase().replace(/[-_]/g, '') !== 'utf8') {
    return new CatalogError('UNSUPPORTED_MEDIA_TYPE', `Unsupported charset ${charset}: bodies must be UTF-8`);
  }
  return undefined;
}

/**
 * What is left of a refused body is read and dropped before the refusal is sent, for at most this long and this much:
 * a connection closed with bytes still unread is reset by the kernel, and the reset can destroy the answer before the
 * client reads it (a 20 MB body would meet a reset instead of its 413). Past either bound the connection just closes.
 */
const DRAIN_MS = 5_000;
const DRAIN_BYTES = 64 * 1024 * 1024;

function drained(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.complete || req.destroyed) return resolve();
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      req.removeListener('data', onData);
      resolve();
    };
    const onData = (c: Buffer) => {
      bytes += c.length;
      if (bytes > DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

const tooLarge = (limit: number) => new CatalogError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes (setting MAX_BODY_BYTES)`);

/** The body's bytes, decoded from its content encoding, refused past the limit (counted after decoding). */
function readBytes(req: Req, res: ServerResponse, limit: number): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  if (encoding !== 'identity' && !DECODERS[encoding]) {
    return Promise.reject(new CatalogError('UNSUPPORTED_MEDIA_TYPE', `Unsupported content encoding ${encoding}: send the body uncompressed (identity), gzip, deflate or br`));
  }
  // A refused body is not read to its end: the refusal says the connection closes, and it is closed once sent.
  const abandon = () => {
    if (!res.headersSent) res.setHeader('connection', 'close');
    res.once('finish', () => req.complete || req.destroy());
  };
  if (encoding === 'identity' && declared !== undefined && declared > limit) {
    abandon();
    return drained(req).then(() => Promise.reject(tooLarge(limit)));
  }
  return new Promise((resolve, reject) => {
    const source: Readable = encoding === 'identity' ? req : (req.pipe(DECODERS[encoding]()) as unknown as Readable);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (e: CatalogError) => {
      if (settled) return;
      settled = true;
      if (source !== req) req.unpipe();
      source.removeAllListeners('data');
      abandon();
      void drained(req).then(() => reject(e));
    };
    source.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) return fail(tooLarge(limit));
      chunks.push(c);
    });
    source.once('end', () => {
      if (settled) return;
      if (encoding === 'identity' && declared !== undefined && size !== declared) return fail(new CatalogError('VALIDATION', 'Incomplete request body: request size did not match content length'));
      settled = true;
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    source.once('error', (e: Error) => fail(new CatalogError('VALIDATION', `Invalid request body: it does not decode as ${encoding} (${e.message})`)));
    req.once('close', () => req.complete || fail(new CatalogError('VALIDATION', 'Incomplete request body: request aborted')));
  });
}

/** The parsed JSON of checked bytes: UTF-8, nested within the limit, no prototype keys. */
function parseJson(buf: Buffer, limits: BodyLimits): unknown {
  let text: string;
  try {
    text = UTF8.decode(buf);
  } catch {
    throw new CatalogError('VALIDATION', 'Invalid request body: it is not valid UTF-8');
  }
  if (jsonDepthOf(buf, limits.maxJsonDepth) > limits.maxJsonDepth) {
    throw new CatalogError('VALIDATION', `Invalid request body: JSON nested deeper than ${limits.maxJsonDepth} levels (setting MAX_JSON_DEPTH)`);
  }
  let body: unknown;
  try {
    body = text.length === 0 ? {} : JSON.parse(text);
  } catch (e) {
    throw new CatalogError('VALIDATION', `Invalid JSON: ${(e as Error).message}`);
  }
  // A prototype key is spelled out in the text or hidden behind an escape; most bodies have neither, and skip the walk.
  const path = mayHoldForbiddenKey(text) ? findForbiddenKey(body, 'body') : undefined;
  if (path) throw new CatalogError('VALIDATION', `Invalid request body: the key at ${path} is not allowed (prototype keys are refused)`);
  return body;
}

/** Reads the body of a request that has one into `req.body`; rejects with the refusal otherwise. */
export function bodyReader(limits: BodyLimits): (req: Req, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (!hasBody(req)) return;
    const refusal = mediaTypeRefusal(req);
    if (refusal) throw refusal;
    req.body = parseJson(await readBytes(req, res, limits.maxBodyBytes), limits);
  };
}
