/** GraphQL adapters of the operations on tags themselves: create, update, colour and delete. */
import { createTag } from '../../../catalog/tags/create-tag.js';
import { deleteTag } from '../../../catalog/tags/delete-tag.js';
import { setTagColor } from '../../../catalog/tags/set-tag-color.js';
import { updateTag } from '../../../catalog/tags/update-tag.js';
import { validationError } from '../../../errors.js';
import type { GraphqlContext } from '../../context.js';
import { refOf } from '../../entity-loader.js';

interface CreateTagArgs {
  input: { id?: string | null; name: string; description?: string | null };
}
interface UpdateTagArgs {
  urn: string;
  input: { urn?: string | null; name?: string | null; description?: string | null };
}

export const tagMutationResolvers = {
  Mutation: {
    createTag: async (_: unknown, { input }: CreateTagArgs, ctx: GraphqlContext) => {
      const urn = await createTag(ctx.services, { ...input, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(urn);
      return urn;
    },
    updateTag: async (_: unknown, { urn, input }: UpdateTagArgs, ctx: GraphqlContext) => {
      if (input.urn != null && input.urn !== urn) throw validationError(`input.urn ${input.urn} differs from the urn argument ${urn}`);
      const updated = await updateTag(ctx.services, { urn, name: input.name, description: input.description, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(updated);
      return refOf(updated);
    },
    setTagColor: async (_: unknown, { urn, colorHex }: { urn: string; colorHex: string }, ctx: GraphqlContext) => {
      await setTagColor(ctx.services, { urn, colorHex, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(urn);
      return true;
    },
    deleteTag: async (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => {
      await deleteTag(ctx.services, { urn, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(urn);
      return true;
    },
  },
};
