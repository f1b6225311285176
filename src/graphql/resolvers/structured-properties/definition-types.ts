/** Resolvers of a structured property and its definition: value type, entity types and allowed values as GraphQL objects. */
import { valueKindOf } from '../../../catalog/definitions.js';
import { resolveTarget } from '../../../catalog/entity-target.js';
import { validationError } from '../../../errors.js';
import type { PropertyDefinition } from '../../../model/aspects/property-definition.js';
import { entityTypeUrnToName, findEntityType } from '../../../model/entity-types.js';
import { canonicalBrandUrn } from '../../../model/urn.js';
import type { GraphqlContext } from '../../context.js';
import { refOf, type EntityRef } from '../../entity-loader.js';
import { toGraphqlValue } from './property-values.js';

const SETTINGS = ['isHidden', 'showInSearchFilters', 'showInAssetSummary', 'hideInAssetSummaryWhenEmpty', 'showAsAssetBadge', 'showInColumnsTable'] as const;

/** A property is there for GraphQL when it has a definition; anything else reads as null. */
export async function lookupProperty(ctx: GraphqlContext, urn: string): Promise<EntityRef | null> {
  const target = resolveTarget('structuredProperty', urn);
  return (await ctx.loader.hasAspect(target.urn.raw, 'propertyDefinition')) ? refOf(target.urn.raw) : null;
}

export const definitionTypeResolvers = {
  Query: {
    structuredProperty: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookupProperty(ctx, urn),
  },
  StructuredPropertyEntity: {
    type: () => 'STRUCTURED_PROPERTY',
    exists: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ctx.loader.exists(ref.urn),
    definition: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const def = await ctx.loader.aspect<PropertyDefinition>(ref.urn, 'propertyDefinition');
      // Reached only through a value whose definition vanished between reads: report it rather than invent one.
      if (!def) throw validationError(`Structured property ${ref.urn} has no definition`);
      return def;
    },
    settings: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const s = await ctx.loader.aspect<Record<string, boolean | undefined>>(ref.urn, 'structuredPropertySettings');
      return s ? Object.fromEntries(SETTINGS.map((k) => [k, s[k] === true])) : null;
    },
  },
  StructuredPropertyDefinition: {
    cardinality: (d: PropertyDefinition) => d.cardinality ?? 'SINGLE',
    immutable: (d: PropertyDefinition) => d.immutable === true,
    valueType: (d: PropertyDefinition) => refOf(d.valueType),
    allowedValues: (d: PropertyDefinition) => d.allowedValues?.map((a) => ({ value: toGraphqlValue(a.value), description: a.description ?? null })) ?? null,
    typeQualifier: (d: PropertyDefinition) => (d.typeQualifier ? { allowedTypes: (d.typeQualifier.allowedTypes ?? []).map(refOf) } : null),
    entityTypes: (d: PropertyDefinition) => d.entityTypes.map(refOf),
    allowedPlatforms: (d: PropertyDefinition) => d.allowedPlatforms?.map(refOf) ?? null,
  },
  DataTypeEntity: {
    type: () => 'DATA_TYPE',
    info: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const kind = valueKindOf(ref.urn);
      const stored = await ctx.loader.aspect<{ qualifiedName: string; displayName?: string; description?: string }>(canonicalBrandUrn(ref.urn), 'dataTypeInfo');
      return {
        type: kind ? kind.toUpperCase() : 'OTHER',
        qualifiedName: stored?.qualifiedName ?? canonicalBrandUrn(ref.urn).replace(/^urn:li:dataType:/, ''),
        displayName: stored?.displayName ?? null,
        description: stored?.description ?? null,
      };
    },
  },
  EntityTypeEntity: {
    type: () => 'ENTITY_TYPE',
    info: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const def = findEntityType(entityTypeUrnToName(ref.urn) ?? '');
      if (!def) throw validationError(`Unknown entityTypeUrn ${ref.urn}`);
      const stored = await ctx.loader.aspect<{ description?: string }>(canonicalBrandUrn(ref.urn), 'entityTypeInfo');
      return { type: def.graphqlType, qualifiedName: `service.${def.name}`, displayName: def.name, description: stored?.description ?? null };
    },
  },
  PropertyValue: {
    __resolveType: (v: object) => ('stringValue' in v ? 'StringValue' : 'NumberValue'),
  },
};
