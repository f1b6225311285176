/** GraphQL for a property's value rules and compliance: thin calls into catalog/structured-properties. */
import type { PropertyConstraintsValue } from '../../../catalog/definitions.js';
import { propertyCompliance, type ComplianceInput } from '../../../catalog/structured-properties/compliance.js';
import { setPropertyConstraints } from '../../../catalog/structured-properties/set-constraints.js';
import type { GraphqlContext } from '../../context.js';
import { refOf, type EntityRef } from '../../entity-loader.js';

const RULES = ['min', 'max', 'pattern', 'minLength', 'maxLength', 'after', 'before', 'minCount', 'maxCount'] as const;

/** GraphQL input → the aspect: nulls and absent fields are rules not applied. */
export function constraintsFromInput(input: Record<string, unknown> | null | undefined): PropertyConstraintsValue | null {
  if (!input) return null;
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as PropertyConstraintsValue;
}

function present(c: PropertyConstraintsValue) {
  return {
    required: c.required === true,
    requiredEntityTypes: c.requiredEntityTypes?.map(refOf) ?? null,
    requiredPlatforms: c.requiredPlatforms?.map(refOf) ?? null,
    ...Object.fromEntries(RULES.map((r) => [r, c[r] ?? null])),
  };
}

export const propertyRuleResolvers = {
  Query: {
    structuredPropertyCompliance: async (_: unknown, { input }: { input?: ComplianceInput | null }, ctx: GraphqlContext) => {
      const report = await propertyCompliance(ctx.services, { properties: input?.properties ?? undefined, samples: input?.samples ?? undefined });
      return report.map((p) => ({ ...p, property: refOf(p.urn) }));
    },
  },
  Mutation: {
    setStructuredPropertyConstraints: async (_: unknown, { input }: { input: { urn: string; constraints?: Record<string, unknown> | null; dryRun?: boolean | null } }, ctx: GraphqlContext) => {
      const outcome = await setPropertyConstraints(ctx.services, {
        urn: input.urn,
        constraints: constraintsFromInput(input.constraints),
        actor: ctx.actor,
        dryRun: input.dryRun === true,
        waitForSearch: ctx.waitForSearch,
      });
      if (!outcome.dryRun) ctx.loader.invalidate(outcome.urn);
      return outcome;
    },
  },
  StructuredPropertyEntity: {
    constraints: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const c = await ctx.loader.aspect<PropertyConstraintsValue>(ref.urn, 'structuredPropertyConstraints');
      return c ? present(c) : null;
    },
  },
};
