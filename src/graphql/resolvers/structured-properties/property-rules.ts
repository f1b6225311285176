/** GraphQL for a property's value rules and compliance: thin calls into catalog/structured-properties. */
import type { PropertyConstraintsValue } from '../../../catalog/definitions.js';
import { propertyCompliance, type ComplianceInput } from '../../../catalog/structured-properties/compliance.js';
import { setPropertyConstraints } from '../../../catalog/structured-properties/set-constraints.js';
import { migrateProperty } from '../../../catalog/structured-properties/migrate-property.js';
import { toAllowedValues, type AllowedValueInput } from '../../../catalog/structured-properties/create-property.js';
import type { GraphqlContext } from '../../context.js';

interface MigrateArgs {
  urn: string;
  version: string;
  valueType?: string | null;
  cardinality?: 'SINGLE' | 'MULTIPLE' | null;
  allowedValues?: AllowedValueInput[] | null;
  constraints?: Record<string, unknown> | null;
  migration?: { values?: { from: string; to?: string | null }[] | null; cardinality?: 'KEEP_FIRST' | 'KEEP_ALL' | 'DROP' | null } | null;
  dryRun?: boolean | null;
}
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
    valueOwner: c.valueOwner ?? 'SETTER',
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
    migrateStructuredProperty: async (_: unknown, { input }: { input: MigrateArgs }, ctx: GraphqlContext) => {
      const outcome = await migrateProperty(ctx.services, {
        urn: input.urn,
        version: input.version,
        valueType: input.valueType ?? undefined,
        cardinality: input.cardinality ?? undefined,
        allowedValues: input.allowedValues ? toAllowedValues(input.allowedValues, 'allowedValues') : undefined,
        constraints: input.constraints === undefined ? undefined : constraintsFromInput(input.constraints),
        migration: input.migration ? { ...(input.migration.values && { values: input.migration.values.map((m) => ({ from: m.from, to: m.to ?? null })) }), ...(input.migration.cardinality && { cardinality: input.migration.cardinality }) } : undefined,
        dryRun: input.dryRun === true,
        actor: ctx.actor,
        waitForSearch: ctx.waitForSearch,
      });
      if (!outcome.dryRun) {
        ctx.loader.invalidate(outcome.urn);
        return { ...outcome, jobId: outcome.job?.id ?? null };
      }
      const v = outcome.values;
      return { ...outcome, keptValues: v.kept, mappedValues: v.mapped, convertedValues: v.converted, droppedValues: v.dropped };
    },
  },
  StructuredPropertyEntity: {
    constraints: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const c = await ctx.loader.aspect<PropertyConstraintsValue>(ref.urn, 'structuredPropertyConstraints');
      return c ? present(c) : null;
    },
  },
};
