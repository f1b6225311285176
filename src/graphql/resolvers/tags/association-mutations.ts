/** GraphQL adapters of adding and removing tag associations on entities and dataset columns. */
import { addTags } from '../../../catalog/tags/add-tags.js';
import { removeTags } from '../../../catalog/tags/remove-tags.js';
import type { TagResourceRef } from '../../../catalog/tags/tag-resources.js';
import type { GraphqlContext } from '../../context.js';

type Ref = TagResourceRef;

async function change(ctx: GraphqlContext, op: typeof addTags | typeof removeTags, tagUrns: string[], resources: Ref[]): Promise<boolean> {
  await op(ctx.services, { tagUrns, resources, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
  for (const r of resources) ctx.loader.invalidate(r.resourceUrn);
  return true;
}

const refOfInput = ({ resourceUrn, subResourceType, subResource }: Ref): Ref => ({ resourceUrn, subResourceType, subResource });

export const associationMutationResolvers = {
  Mutation: {
    addTag: (_: unknown, { input }: { input: Ref & { tagUrn: string } }, ctx: GraphqlContext) => change(ctx, addTags, [input.tagUrn], [refOfInput(input)]),
    addTags: (_: unknown, { input }: { input: Ref & { tagUrns: string[] } }, ctx: GraphqlContext) => change(ctx, addTags, input.tagUrns, [refOfInput(input)]),
    removeTag: (_: unknown, { input }: { input: Ref & { tagUrn: string } }, ctx: GraphqlContext) => change(ctx, removeTags, [input.tagUrn], [refOfInput(input)]),
    batchAddTags: (_: unknown, { input }: { input: { tagUrns: string[]; resources: Ref[] } }, ctx: GraphqlContext) =>
      change(ctx, addTags, input.tagUrns, input.resources.map(refOfInput)),
    // The original's input allows null resources here; they name nothing.
    batchRemoveTags: (_: unknown, { input }: { input: { tagUrns: string[]; resources: (Ref | null)[] } }, ctx: GraphqlContext) =>
      change(ctx, removeTags, input.tagUrns, input.resources.filter((r): r is Ref => r !== null).map(refOfInput)),
  },
};
