/** GraphQL mutations of structured properties: thin calls into the catalog operations. */
import { createProperty, type CreatePropertyInput } from '../../../catalog/structured-properties/create-property.js';
import { hardDeleteProperty } from '../../../catalog/structured-properties/hard-delete-property.js';
import { removeValues } from '../../../catalog/structured-properties/remove-values.js';
import { updateProperty, type UpdatePropertyInput } from '../../../catalog/structured-properties/update-property.js';
import { upsertValues } from '../../../catalog/structured-properties/upsert-values.js';
import type { PropertyValueInput } from '../../../catalog/structured-properties/value-input.js';
import type { GraphqlContext } from '../../context.js';
import { refOf } from '../../entity-loader.js';
import { presentProperties } from './property-values.js';
import { constraintsFromInput } from './property-rules.js';

/** Absent: rules untouched; null: rules cleared; an object: the whole set of rules. */
const rulesOf = (input: { constraints?: Record<string, unknown> | null }) => (input.constraints === undefined ? undefined : constraintsFromInput(input.constraints));

type Without<T> = Omit<T, 'actor' | 'waitForSearch'>;

interface UpsertArgs {
  input: { assetUrn: string; structuredPropertyInputParams: { structuredPropertyUrn: string; values: PropertyValueInput[] }[] };
}

export const propertyMutationResolvers = {
  Mutation: {
    createStructuredProperty: async (_: unknown, { input }: { input: Without<CreatePropertyInput> & { constraints?: Record<string, unknown> | null } }, ctx: GraphqlContext) => {
      const urn = await createProperty(ctx.services, { ...input, constraints: rulesOf(input), actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(urn);
      return refOf(urn);
    },
    updateStructuredProperty: async (_: unknown, { input }: { input: Without<UpdatePropertyInput> & { constraints?: Record<string, unknown> | null } }, ctx: GraphqlContext) => {
      const urn = await updateProperty(ctx.services, { ...input, constraints: rulesOf(input), actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(urn);
      return refOf(urn);
    },
    deleteStructuredProperty: async (_: unknown, { input }: { input: { urn: string } }, ctx: GraphqlContext) => {
      await hardDeleteProperty(ctx.services, { urn: input.urn, actor: ctx.actor });
      ctx.loader.invalidate(input.urn);
      return true;
    },
    upsertStructuredProperties: async (_: unknown, { input }: UpsertArgs, ctx: GraphqlContext) => {
      const params = input.structuredPropertyInputParams.map((p) => ({ propertyUrn: p.structuredPropertyUrn, values: p.values }));
      const view = await upsertValues(ctx.services, { assetUrn: input.assetUrn, params, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(input.assetUrn);
      return presentProperties(view.value, input.assetUrn);
    },
    removeStructuredProperties: async (_: unknown, { input }: { input: { assetUrn: string; structuredPropertyUrns: string[] } }, ctx: GraphqlContext) => {
      const view = await removeValues(ctx.services, { assetUrn: input.assetUrn, propertyUrns: input.structuredPropertyUrns, actor: ctx.actor, waitForSearch: ctx.waitForSearch });
      ctx.loader.invalidate(input.assetUrn);
      return presentProperties(view.value, input.assetUrn);
    },
  },
};
