/** The error answers of the API document, one per error code, built from the one error table (status, title, retry headers). */
import { ERROR_KINDS, type ErrorCode } from '../../errors.js';
import { ref } from './schemas.js';

/** What every authenticated route can answer besides its own errors. */
export const COMMON_ERRORS: ErrorCode[] = ['UNAUTHENTICATED', 'HEADERS_TOO_LARGE', 'UNAVAILABLE', 'TIMEOUT', 'INTERNAL'];
/** What reading a JSON request body can add. */
export const BODY_ERRORS: ErrorCode[] = ['VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

const responseName = (code: ErrorCode) => code.toLowerCase().replace(/(^|_)(\w)/g, (_m, _s, c: string) => c.toUpperCase());

/** `components.responses`: one reusable answer per error code (and the wire's 422). */
export function errorResponseComponents(): Record<string, object> {
  const out: Record<string, object> = {};
  for (const [code, kind] of Object.entries(ERROR_KINDS) as [ErrorCode, (typeof ERROR_KINDS)[ErrorCode]][]) {
    const headers: Record<string, object> = {};
    if (kind.retryAfterSeconds !== undefined) headers['Retry-After'] = { description: 'Seconds after which the request may succeed', schema: { type: 'integer' } };
    if (code === 'UNAUTHENTICATED') headers['WWW-Authenticate'] = { description: 'Bearer', schema: { type: 'string' } };
    out[responseName(code)] = {
      description: `${kind.title} (${code})`,
      ...(Object.keys(headers).length > 0 && { headers }),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  out.UnprocessableEntity = { description: 'Invalid proposal (the emitter wire answers validation problems with 422)', content: { 'application/json': { schema: ref('Error') } } };
  return out;
}

/** The `responses` entries of the given codes (`status → $ref`) on a public route: no token involved. */
export function publicErrorResponses(...codes: ErrorCode[]): Record<string, object> {
  const out: Record<string, object> = {};
  for (const code of codes) out[String(ERROR_KINDS[code].status)] = { $ref: `#/components/responses/${responseName(code)}` };
  return out;
}

/** The `responses` entries of the given codes plus those every authenticated route can give. */
export const errorResponses = (...codes: ErrorCode[]) => publicErrorResponses(...codes, ...COMMON_ERRORS);

export const jsonAnswer = (description: string, schemaName: string) => ({ description, content: { 'application/json': { schema: ref(schemaName) } } });
