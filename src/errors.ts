/**
 * Business errors with a closed set of codes, and the one table every interface presents them from:
 * HTTP status, GraphQL type, the envelope's title and whether (and when) a retry may succeed.
 */

export type ErrorCode =
  | 'VALIDATION'
  | 'INVALID_URN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'GONE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'HEADERS_TOO_LARGE'
  | 'UNAVAILABLE'
  | 'TIMEOUT'
  | 'INTERNAL';

export interface ErrorKind {
  /** HTTP status on REST, the wire and GraphQL's `extensions.code`. */
  status: number;
  /** GraphQL `extensions.type`. */
  graphqlType: string;
  /** The `error` word of the JSON envelope `{error, message}`. */
  title: string;
  /** Seconds after which the same request may succeed (sent as `Retry-After`); absent when retrying cannot help. */
  retryAfterSeconds?: number;
}

export const ERROR_KINDS: Readonly<Record<ErrorCode, ErrorKind>> = {
  VALIDATION: { status: 400, graphqlType: 'BAD_REQUEST', title: 'Validation Error' },
  INVALID_URN: { status: 400, graphqlType: 'BAD_REQUEST', title: 'Invalid urn' },
  NOT_FOUND: { status: 404, graphqlType: 'NOT_FOUND', title: 'Not Found' },
  CONFLICT: { status: 409, graphqlType: 'CONFLICT', title: 'Conflict' },
  PRECONDITION_FAILED: { status: 412, graphqlType: 'PRECONDITION_FAILED', title: 'Precondition Failed' },
  GONE: { status: 410, graphqlType: 'GONE', title: 'Gone' },
  UNAUTHENTICATED: { status: 401, graphqlType: 'UNAUTHORIZED', title: 'Unauthorized' },
  FORBIDDEN: { status: 403, graphqlType: 'FORBIDDEN', title: 'Forbidden' },
  PAYLOAD_TOO_LARGE: { status: 413, graphqlType: 'BAD_REQUEST', title: 'Payload Too Large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, graphqlType: 'BAD_REQUEST', title: 'Unsupported Media Type' },
  HEADERS_TOO_LARGE: { status: 431, graphqlType: 'BAD_REQUEST', title: 'Request Header Fields Too Large' },
  UNAVAILABLE: { status: 503, graphqlType: 'SERVICE_UNAVAILABLE', title: 'Service Unavailable', retryAfterSeconds: 5 },
  TIMEOUT: { status: 504, graphqlType: 'GATEWAY_TIMEOUT', title: 'Gateway Timeout', retryAfterSeconds: 5 },
  INTERNAL: { status: 500, graphqlType: 'SERVER_ERROR', title: 'Internal Server Error' },
};

export const ERROR_CODES = Object.keys(ERROR_KINDS) as ErrorCode[];

export class CatalogError extends Error {
  /** The aspect whose change caused it, when a write of several aspects fails on one (a batch names it per item). */
  aspect?: string;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

/** What a write of an aspect that must not exist yet (create-only) refuses with: a conflict callers can recognise by type. */
export class AlreadyExistsError extends CatalogError {
  constructor(message: string) {
    super('CONFLICT', message);
    this.name = 'AlreadyExistsError';
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) => new CatalogError('VALIDATION', message, details);
export const invalidUrn = (message: string) => new CatalogError('INVALID_URN', message);
export const notFound = (message: string) => new CatalogError('NOT_FOUND', message);
export const conflict = (message: string) => new CatalogError('CONFLICT', message);
export const unauthenticated = (message: string) => new CatalogError('UNAUTHENTICATED', message);
export const forbidden = (message: string, details?: Record<string, unknown>) => new CatalogError('FORBIDDEN', message, details);
export const unavailable = (message: string) => new CatalogError('UNAVAILABLE', message);
export const timedOut = (message: string) => new CatalogError('TIMEOUT', message);
/** What any unexpected failure is presented as: the message never carries the cause's text or stack. */
export const internalError = () => new CatalogError('INTERNAL', 'An unexpected error occurred');

export const isCatalogError = (e: unknown): e is CatalogError => e instanceof CatalogError;

export interface ErrorEnvelope {
  status: number;
  headers: Record<string, string>;
  body: { error: string; message: string; items?: unknown[] };
}

/** The one JSON envelope of an error on HTTP (REST, the wire, plain HTTP refusals); `status` may be overridden by a dialect. */
/** The longest message an error answer carries; past it the message is cut and says how much was left out. */
export const MAX_ERROR_MESSAGE_CHARS = 4000;

/** A message bounded for an answer: whatever a client sent, an error body stays a few kilobytes. */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_CHARS) return message;
  return `${message.slice(0, MAX_ERROR_MESSAGE_CHARS)}… (${message.length - MAX_ERROR_MESSAGE_CHARS} more characters)`;
}

export function errorEnvelope(e: CatalogError, status?: number): ErrorEnvelope {
  const kind = ERROR_KINDS[e.code];
  const headers: Record<string, string> = {};
  if (kind.retryAfterSeconds !== undefined) headers['Retry-After'] = String(kind.retryAfterSeconds);
  if (e.code === 'UNAUTHENTICATED') headers['WWW-Authenticate'] = 'Bearer';
  const items = Array.isArray(e.details?.items) ? { items: e.details.items } : {};
  return { status: status ?? kind.status, headers, body: { error: kind.title, message: boundedMessage(e.message), ...items } };
}

/** GraphQL `extensions` of an error: the HTTP status as `code`, the GraphQL type, and the retry hint where there is one. */
export function graphqlExtensionsOf(e: CatalogError): Record<string, unknown> {
  const kind = ERROR_KINDS[e.code];
  return {
    code: kind.status,
    type: kind.graphqlType,
    ...(kind.retryAfterSeconds !== undefined && { retryAfterSeconds: kind.retryAfterSeconds }),
    ...(Array.isArray(e.details?.items) && { items: e.details.items }),
  };
}

/** The code an HTTP status stands for, for clients (SDK, CLI) reading answers: the first table entry with that status. */
export function errorCodeOfStatus(status: number): ErrorCode | undefined {
  return ERROR_CODES.find((c) => ERROR_KINDS[c].status === status);
}
