/** Business errors with a closed set of codes, and the one table that maps them to HTTP statuses. */

export type ErrorCode =
  | 'VALIDATION'
  | 'INVALID_URN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export const httpStatusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_URN: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION: 412,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The `error` word of the JSON envelope `{error, message}` for each code. */
export const errorTitleOf: Record<ErrorCode, string> = {
  VALIDATION: 'Validation Error',
  INVALID_URN: 'Invalid urn',
  NOT_FOUND: 'Not Found',
  CONFLICT: 'Conflict',
  PRECONDITION: 'Precondition Error',
  UNAUTHENTICATED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  UNAVAILABLE: 'Service Unavailable',
  INTERNAL: 'Internal Server Error',
};

export class CatalogError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

export const validationError = (message: string, details?: Record<string, unknown>) =>
  new CatalogError('VALIDATION', message, details);
export const invalidUrn = (message: string) => new CatalogError('INVALID_URN', message);
export const notFound = (message: string) => new CatalogError('NOT_FOUND', message);
export const conflict = (message: string) => new CatalogError('CONFLICT', message);
export const unauthenticated = (message: string) => new CatalogError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new CatalogError('FORBIDDEN', message);
export const unavailable = (message: string) => new CatalogError('UNAVAILABLE', message);

export const isCatalogError = (e: unknown): e is CatalogError => e instanceof CatalogError;
