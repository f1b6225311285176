/** The GraphQL error boundary: catalog errors keep their message with `extensions` from the one error table; others are masked. */
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { boundedMessage, CatalogError, graphqlExtensionsOf, internalError, validationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { engineFailureOf, logRequestFailure, type EngineFailure } from '../storage/engine-failures.js';

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

/**
 * The lines an execution's failures leave, each with the request's id (queries run without a log context, logger.ts):
 * an unexpected resolver error, and the failed engine call behind fields the engine failed (once per call). Errors
 * this logs are added to `logged`, so that the masking logs only what failed outside execution.
 */
export function failureLines(log: Logger, logged: WeakSet<object>): Plugin {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result }) => {
        if (!result || Symbol.asyncIterator in (result as object)) return;
        const errors = (result as ExecutionResult).errors;
        if (!errors?.length) return;
        const requestId = (args.contextValue as { requestId?: string }).requestId;
        const failures = new Set<EngineFailure>();
        for (const e of errors) {
          const original = e.originalError;
          if (!original || isGraphqlError(original)) continue;
          const opensearch = engineFailureOf(original);
          if (original instanceof CatalogError) {
            if (opensearch) failures.add(opensearch);
            continue;
          }
          logged.add(original);
          log.error({ err: original, requestId, ...(opensearch && { opensearch }) }, 'graphql resolver failed');
        }
        for (const failure of failures) logRequestFailure(log, requestId, failure);
      },
    }),
  };
}
