/** GraphQL adapters of the original's owner, glossary term and domain mutations (single and batch forms). */
import { addOwners, type OwnerRef } from '../../catalog/associations/add-owners.js';
import { addTerms } from '../../catalog/associations/add-terms.js';
import type { ResourceRef } from '../../catalog/associations/association-resources.js';
import { removeOwners } from '../../catalog/associations/remove-owners.js';
import { removeTerms } from '../../catalog/associations/remove-terms.js';
import { setDomain } from '../../catalog/associations/set-domain.js';
import type { GraphqlContext } from '../context.js';

type Args<T> = { input: T };
type Resources = (ResourceRef | null)[];

/** Runs one operation as the caller and forgets what the request had read of the entities it changed. */
async function edit(ctx: GraphqlContext, resources: Resources, run: (who: { actor: string; waitForSearch: boolean }) => Promise<void>): Promise<boolean> {
  await run({ actor: ctx.actor, waitForSearch: ctx.waitForSearch });
  for (const r of resources) if (r) ctx.loader.invalidate(r.resourceUrn);
  return true;
}

const refOf = ({ resourceUrn, subResourceType, subResource }: ResourceRef): ResourceRef => ({ resourceUrn, subResourceType, subResource });
const ownerOf = ({ ownerUrn, ownerEntityType, type, ownershipTypeUrn }: OwnerRef): OwnerRef => ({ ownerUrn, ownerEntityType, type, ownershipTypeUrn });

export const associationEditResolvers = {
  Mutation: {
    addOwner: (_: unknown, { input }: Args<OwnerRef & { resourceUrn: string }>, ctx: GraphqlContext) =>
      edit(ctx, [{ resourceUrn: input.resourceUrn }], (who) => addOwners(ctx.services, { owners: [ownerOf(input)], resources: [{ resourceUrn: input.resourceUrn }], ...who })),
    addOwners: (_: unknown, { input }: Args<{ owners: OwnerRef[]; resourceUrn: string }>, ctx: GraphqlContext) =>
      edit(ctx, [{ resourceUrn: input.resourceUrn }], (who) => addOwners(ctx.services, { owners: input.owners.map(ownerOf), resources: [{ resourceUrn: input.resourceUrn }], ...who })),
    batchAddOwners: (_: unknown, { input }: Args<{ owners: OwnerRef[]; ownershipTypeUrn?: string | null; resources: Resources }>, ctx: GraphqlContext) =>
      edit(ctx, input.resources, (who) => addOwners(ctx.services, { owners: input.owners.map(ownerOf), ownershipTypeUrn: input.ownershipTypeUrn, resources: input.resources, ...who })),
    removeOwner: (_: unknown, { input }: Args<{ ownerUrn: string; ownershipTypeUrn?: string | null; resourceUrn: string }>, ctx: GraphqlContext) =>
      edit(ctx, [{ resourceUrn: input.resourceUrn }], (who) =>
        removeOwners(ctx.services, { ownerUrns: [input.ownerUrn], ownershipTypeUrn: input.ownershipTypeUrn, resources: [{ resourceUrn: input.resourceUrn }], ...who }),
      ),
    batchRemoveOwners: (_: unknown, { input }: Args<{ ownerUrns: string[]; ownershipTypeUrn?: string | null; resources: Resources }>, ctx: GraphqlContext) =>
      edit(ctx, input.resources, (who) => removeOwners(ctx.services, { ownerUrns: input.ownerUrns, ownershipTypeUrn: input.ownershipTypeUrn, resources: input.resources, ...who })),
    addTerm: (_: unknown, { input }: Args<ResourceRef & { termUrn: string }>, ctx: GraphqlContext) =>
      edit(ctx, [input], (who) => addTerms(ctx.services, { termUrns: [input.termUrn], resources: [refOf(input)], ...who })),
    addTerms: (_: unknown, { input }: Args<ResourceRef & { termUrns: string[] }>, ctx: GraphqlContext) =>
      edit(ctx, [input], (who) => addTerms(ctx.services, { termUrns: input.termUrns, resources: [refOf(input)], ...who })),
    batchAddTerms: (_: unknown, { input }: Args<{ termUrns: string[]; resources: Resources }>, ctx: GraphqlContext) =>
      edit(ctx, input.resources, (who) => addTerms(ctx.services, { termUrns: input.termUrns, resources: input.resources, ...who })),
    removeTerm: (_: unknown, { input }: Args<ResourceRef & { termUrn: string }>, ctx: GraphqlContext) =>
      edit(ctx, [input], (who) => removeTerms(ctx.services, { termUrns: [input.termUrn], resources: [refOf(input)], ...who })),
    batchRemoveTerms: (_: unknown, { input }: Args<{ termUrns: string[]; resources: Resources }>, ctx: GraphqlContext) =>
      edit(ctx, input.resources, (who) => removeTerms(ctx.services, { termUrns: input.termUrns, resources: input.resources, ...who })),
    setDomain: (_: unknown, { entityUrn, domainUrn }: { entityUrn: string; domainUrn: string }, ctx: GraphqlContext) =>
      edit(ctx, [{ resourceUrn: entityUrn }], (who) => setDomain(ctx.services, { domainUrn, resources: [{ resourceUrn: entityUrn }], ...who })),
    unsetDomain: (_: unknown, { entityUrn }: { entityUrn: string }, ctx: GraphqlContext) =>
      edit(ctx, [{ resourceUrn: entityUrn }], (who) => setDomain(ctx.services, { domainUrn: null, resources: [{ resourceUrn: entityUrn }], ...who })),
    batchSetDomain: (_: unknown, { input }: Args<{ domainUrn?: string | null; resources: ResourceRef[] }>, ctx: GraphqlContext) =>
      edit(ctx, input.resources, (who) => setDomain(ctx.services, { domainUrn: input.domainUrn, resources: input.resources, ...who })),
  },
};
