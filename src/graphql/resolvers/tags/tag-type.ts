/** Reads of tags: the root lookup and the fields of the Tag type. */
import type { TagProperties } from '../../../model/aspects/tag-properties.js';
import { parseUrn } from '../../../model/urn.js';
import type { GraphqlContext } from '../../context.js';
import type { EntityRef } from '../../entity-loader.js';
import { lookup } from '../base.js';

const propertiesOf = async (ref: EntityRef, ctx: GraphqlContext) => {
  const p = await ctx.loader.aspect<TagProperties>(ref.urn, 'tagProperties');
  return p ? { name: p.name ?? parseUrn(ref.urn).id, description: p.description ?? null, colorHex: p.colorHex ?? null } : null;
};

export const tagTypeResolvers = {
  Query: {
    tag: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'tag'),
  },
  Tag: {
    type: () => 'TAG',
    exists: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ctx.loader.exists(ref.urn),
    name: (ref: EntityRef) => parseUrn(ref.urn).id,
    properties: (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => propertiesOf(ref, ctx),
    description: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await propertiesOf(ref, ctx))?.description ?? null,
  },
};
