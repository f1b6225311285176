/**
 * The GraphQL side of the pipeline's gate: before an operation runs, a query that reads the catalog needs
 * VIEW_METADATA and a mutation that changes it needs some write privilege — the same gate REST routes pass before
 * their body is read. The caller's own identity and tokens are open to every authenticated caller. Each field's
 * operation still decides on exactly what it touches.
 */
import { getOperationAST, GraphQLError, Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { boundedMessage, CatalogError, graphqlExtensionsOf } from '../errors.js';
import type { GraphqlContext } from './context.js';

/** Top-level fields about the caller itself. */
const OWN_FIELDS = new Set(['me', 'explainAccess', 'listAccessTokens', 'createAccessToken', 'revokeAccessToken', 'revokeSignedTokens', '__typename', '__schema', '__type']);

type Gate = 'read' | 'write' | undefined;

function gateOfOperation(op: OperationDefinitionNode): Gate {
  const own = op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && OWN_FIELDS.has(s.name.value));
  if (own) return undefined;
  return op.operation === 'mutation' ? 'write' : 'read';
}

/** The gate of the operation that runs, as graphql-js chooses it (yoga refuses a request without one before it gets here). */
function gateOf(document: DocumentNode, operationName: string | null | undefined): Gate {
  const op = getOperationAST(document, operationName);
  return op ? gateOfOperation(op) : undefined;
}

export const accessGate: Plugin = {
  onExecute: async ({ args, setResultAndStopExecution }) => {
    const ctx = args.contextValue as unknown as GraphqlContext;
    const gate = gateOf(args.document, args.operationName);
    if (!gate) return;
    try {
      await ctx.services.access.gate(ctx.actor, gate);
    } catch (e) {
      if (!(e instanceof CatalogError)) throw e;
      setResultAndStopExecution({ data: null, errors: [new GraphQLError(boundedMessage(e.message), { extensions: graphqlExtensionsOf(e) })], extensions: {} });
    }
  },
};
