/** GraphQL adapters of the stored access token operations, in the original's shapes. */
import { createAccessToken, listAccessTokens, revokeAccessToken, revokeSignedTokens, type CreateAccessTokenInput, type ListAccessTokensInput } from '../../../catalog/access/access-tokens.js';
import type { GraphqlContext } from '../../context.js';

export const accessTokenResolvers = {
  Query: {
    listAccessTokens: (_: unknown, { input }: { input: ListAccessTokensInput }, ctx: GraphqlContext) => listAccessTokens(ctx.services, ctx.actor, input),
  },
  Mutation: {
    createAccessToken: (_: unknown, { input }: { input: CreateAccessTokenInput }, ctx: GraphqlContext) => createAccessToken(ctx.services, ctx.actor, input),
    revokeAccessToken: (_: unknown, { tokenId }: { tokenId: string }, ctx: GraphqlContext) => revokeAccessToken(ctx.services, ctx.actor, tokenId),
    revokeSignedTokens: async (_: unknown, { actorUrn }: { actorUrn: string }, ctx: GraphqlContext) => (await revokeSignedTokens(ctx.services, ctx.actor, actorUrn)).signedBefore,
  },
};
