/** Maps the body reader's failures (express.json / body-parser) onto catalog errors with precise messages. */
import { CatalogError } from '../errors.js';

export function fromBodyError(err: unknown): CatalogError | undefined {
  const e = err as { type?: string; message?: string; limit?: number; charset?: string; encoding?: string };
  switch (e?.type) {
    case 'entity.parse.failed':
      return new CatalogError('VALIDATION', `Invalid JSON: ${e.message}`);
    case 'entity.too.large':
      return new CatalogError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${e.limit} bytes (setting MAX_BODY_BYTES)`);
    case 'charset.unsupported':
      return new CatalogError('UNSUPPORTED_MEDIA_TYPE', `Unsupported charset ${String(e.charset).toUpperCase()}: bodies must be UTF-8`);
    case 'encoding.unsupported':
      return new CatalogError('UNSUPPORTED_MEDIA_TYPE', `Unsupported content encoding ${e.encoding}: send the body uncompressed (identity)`);
    case 'request.aborted':
    case 'request.size.invalid':
      return new CatalogError('VALIDATION', `Incomplete request body: ${e.message}`);
    default:
      return undefined;
  }
}
