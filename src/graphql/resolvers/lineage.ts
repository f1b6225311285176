/** `lineage(input)` on the entity types whose aspects name lineage (registry-types.ts adds it): one hop, through the catalog's one operation. */
import { entityLineage } from '../../catalog/lineage/entity-lineage.js';
import { updateLineage, type LineageEdgeInput } from '../../catalog/lineage/update-lineage.js';
import type { LineageDirection } from '../../model/lineage-edges.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';

interface LineageArgs {
  input: { direction: LineageDirection; start?: number | null; count?: number | null; startTimeMillis?: number | null; endTimeMillis?: number | null };
}

export async function lineage(ref: EntityRef, { input }: LineageArgs, ctx: GraphqlContext) {
  const window = { startTimeMillis: input.startTimeMillis, endTimeMillis: input.endTimeMillis };
  const answer = await entityLineage(ctx.services, { urn: ref.urn, direction: input.direction, start: input.start, count: input.count, window });
  return {
    start: answer.start,
    count: answer.count,
    total: answer.total,
    filtered: 0,
    relationships: answer.relationships.map((r) => ({
      type: r.type,
      entity: refOf(r.urn),
      degree: r.degree,
      createdOn: r.createdOn ?? null,
      createdActor: r.createdActor ? refOf(r.createdActor) : null,
      updatedOn: r.updatedOn ?? null,
      updatedActor: r.updatedActor ? refOf(r.updatedActor) : null,
      isManual: r.properties?.source === 'UI',
      inSchema: r.inSchema ?? null,
      paths: [{ path: r.path.map(refOf) }],
    })),
  };
}


/** Mutation.updateLineage: edges drawn or removed by hand, all or none (catalog/lineage/update-lineage.ts). */
export const lineageMutationResolvers = {
  Mutation: {
    updateLineage: async (_: unknown, { input }: { input: { edgesToAdd: (LineageEdgeInput | null)[]; edgesToRemove: (LineageEdgeInput | null)[] } }, ctx: GraphqlContext) => {
      await updateLineage(ctx.services, { ...input, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      for (const e of [...input.edgesToAdd, ...input.edgesToRemove]) if (e) for (const urn of [e.upstreamUrn, e.downstreamUrn]) ctx.loader.invalidate(urn);
      return true;
    },
  },
};
