/** Resolvers of a dataset's ownership, business terms, domain and edited description, and of `updateDescription`. */
import { updateDescription } from '../../catalog/descriptions/update-description.js';
import type { TagResourceRef } from '../../catalog/tags/tag-resources.js';
import { parseUrn } from '../../model/urn.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { attributionOf } from './attribution.js';
import { keyOf } from '../../catalog/value-owners/keyed-aspects.js';
import type { Setters } from '../../catalog/value-owners/value-setters.js';

interface StoredOwner {
  owner: string;
  type?: string;
  typeUrn?: string;
  attribution?: Parameters<typeof attributionOf>[0]['attribution'];
}

/** An owner's ownership type: the custom one written, else the system type of its legacy kind (as the original reads it). */
const ownershipTypeOf = (w: StoredOwner) => {
  if (w.typeUrn) return { urn: w.typeUrn };
  return w.type && w.type !== 'CUSTOM' ? { urn: `urn:li:ownershipType:__system__${w.type.toLowerCase()}` } : null;
};

interface StoredTerm {
  urn: string;
  actor?: string;
  attribution?: Parameters<typeof attributionOf>[0]['attribution'];
}

/** Business terms as the original presents them: each with the entity it is attached to and who attached it, when known. */
export const termsOf = (terms: StoredTerm[], associatedUrn: string, setBy?: Setters) => ({
  terms: terms.map((t) => ({ term: refOf(t.urn), associatedUrn, actor: typeof t.actor === 'string' ? refOf(t.actor) : null, attribution: attributionOf(t, setBy, t.urn) })),
});

/** Owners, business terms and domain: the same on every entity type that carries the aspects. */
export const associationReads = {
  ownership: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const o = (await ctx.loader.aspect(ref.urn, 'ownership')) as { owners?: StoredOwner[] } | undefined;
    if (!o) return null;
    const setBy = await ctx.loader.setters(ref.urn, 'ownership');
    return {
      owners: (o.owners ?? []).map((w) => ({ owner: refOf(w.owner), type: w.type ?? null, ownershipType: ownershipTypeOf(w), associatedUrn: ref.urn, attribution: attributionOf(w, setBy, keyOf('ownership', w as unknown as Record<string, unknown>)) })),
    };
  },
  glossaryTerms: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const t = (await ctx.loader.aspect(ref.urn, 'glossaryTerms')) as { terms?: StoredTerm[] } | undefined;
    return t ? termsOf(t.terms ?? [], ref.urn, await ctx.loader.setters(ref.urn, 'glossaryTerms')) : null;
  },
  domain: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
    const d = (await ctx.loader.aspect(ref.urn, 'domains')) as { domains?: string[] } | undefined;
    const first = d?.domains?.[0];
    return first ? { domain: refOf(first), associatedUrn: ref.urn } : null;
  },
};

export const contextResolvers = {
  Dataset: {
    ...associationReads,
    editableProperties: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => (await ctx.loader.aspect(ref.urn, 'editableDatasetProperties')) ?? null,
  },
  OwnerType: { __resolveType: (ref: EntityRef) => (ref.entityType === 'corpGroup' ? 'CorpGroup' : 'CorpUser') },
  CorpGroup: { type: () => 'CORP_GROUP', name: (ref: EntityRef) => parseUrn(ref.urn).id },
  GlossaryTerm: {
    type: () => 'GLOSSARY_TERM',
    name: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ((await ctx.loader.aspect(ref.urn, 'glossaryTermInfo')) as { name?: string } | undefined)?.name ?? parseUrn(ref.urn).id,
  },
  Domain: { type: () => 'DOMAIN', id: (ref: EntityRef) => parseUrn(ref.urn).id },
  Mutation: {
    updateDescription: async (_: unknown, { input }: { input: TagResourceRef & { description: string } }, ctx: GraphqlContext) => {
      await updateDescription(ctx.services, { ...input, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(input.resourceUrn);
      return true;
    },
  },
};
