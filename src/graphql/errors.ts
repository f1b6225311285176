/** The GraphQL error boundary: catalog errors keep their message with `extensions` from the one error table; others are masked. */
import { GraphQLError } from 'graphql';
import { boundedMessage, CatalogError, graphqlExtensionsOf, internalError, validationError } from '../errors.js';

/** Duck-typed: a second copy of the graphql package (test runners) would defeat instanceof. */
const isGraphqlError = (e: unknown): e is GraphQLError => !!e && typeof e === 'object' && (e as Error).name === 'GraphQLError';

function withCode(error: GraphQLError, e: CatalogError): GraphQLError {
  return new GraphQLError(boundedMessage(e.message), { nodes: error.nodes, path: error.path, source: error.source, positions: error.positions, extensions: graphqlExtensionsOf(e) });
}

export function maskGraphqlError(error: unknown, onUnexpected: (e: unknown) => void): Error {
  if (!isGraphqlError(error)) return error as Error;
  const original = error.originalError;
  if (original instanceof CatalogError) return withCode(error, original);
  // Parse and validation errors of the document itself (and refusals of the cost limits): the caller's mistake.
  if (!original || isGraphqlError(original)) return withCode(error, validationError(error.message));
  onUnexpected(original);
  const masked = internalError();
  return new GraphQLError(masked.message, { nodes: error.nodes, path: error.path, extensions: graphqlExtensionsOf(masked) });
}
