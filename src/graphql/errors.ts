/** The GraphQL error boundary: catalog errors keep their message with `extensions.code`/`type`; others are masked. */
import { GraphQLError } from 'graphql';
import { CatalogError, type ErrorCode } from '../errors.js';
import { toCatalogError } from '../storage/opensearch-errors.js';

const GRAPHQL_CODES: Record<ErrorCode, [number, string]> = {
  VALIDATION: [400, 'BAD_REQUEST'],
  INVALID_URN: [400, 'BAD_REQUEST'],
  PRECONDITION: [400, 'BAD_REQUEST'],
  NOT_FOUND: [404, 'NOT_FOUND'],
  CONFLICT: [409, 'CONFLICT'],
  UNAUTHENTICATED: [401, 'UNAUTHORIZED'],
  FORBIDDEN: [403, 'FORBIDDEN'],
  UNAVAILABLE: [500, 'SERVER_ERROR'],
  INTERNAL: [500, 'SERVER_ERROR'],
};

/** Duck-typed: a second copy of the graphql package (test runners) would defeat instanceof. */
const isGraphqlError = (e: unknown): e is GraphQLError => !!e && typeof e === 'object' && (e as Error).name === 'GraphQLError';

export function maskGraphqlError(error: unknown, onUnexpected: (e: unknown) => void): Error {
  if (!isGraphqlError(error)) return error as Error;
  const original = error.originalError ? toCatalogError(error.originalError) : undefined;
  if (original instanceof CatalogError) {
    const [code, type] = GRAPHQL_CODES[original.code];
    return new GraphQLError(original.message, { nodes: error.nodes, path: error.path, source: error.source, positions: error.positions, extensions: { code, type } });
  }
  if (!error.originalError || isGraphqlError(error.originalError)) {
    // Parse and validation errors of the document itself: the caller's mistake.
    return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, source: error.source, positions: error.positions, extensions: { code: 400, type: 'BAD_REQUEST' } });
  }
  onUnexpected(error.originalError);
  return new GraphQLError('An unknown error occurred.', { nodes: error.nodes, path: error.path, extensions: { code: 500, type: 'SERVER_ERROR' } });
}
