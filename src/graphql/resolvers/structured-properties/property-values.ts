/** Resolvers of the values read shape `structuredProperties { properties { … } }` on every entity that carries values. */
import type { Assignment } from '../../../catalog/definitions.js';
import { parseUrn } from '../../../model/urn.js';
import type { GraphqlContext } from '../../context.js';
import { refOf, type EntityRef } from '../../entity-loader.js';
import { graphqlTypeNameOf } from '../base.js';
import { attributionOf } from '../attribution.js';
import type { Setters } from '../../../catalog/value-owners/value-setters.js';

export interface EntryView {
  assignment: Assignment;
  associatedUrn: string;
  setBy?: Setters;
}

export function toGraphqlValue(v: { string?: string; double?: number }): { stringValue: string } | { numberValue: number } {
  return v.double !== undefined ? { numberValue: v.double } : { stringValue: v.string ?? '' };
}

/** The GraphQL object of a presented `structuredProperties` aspect (hidden values are already gone). */
export function presentProperties(value: unknown, associatedUrn: string, setBy?: Setters): { properties: EntryView[] } {
  const list = ((value as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[];
  return { properties: list.map((assignment) => ({ assignment, associatedUrn, setBy })) };
}

/** String values that name an entity of a known type, as refs; other strings are plain values only. */
function valueEntitiesOf(a: Assignment): EntityRef[] {
  const out: EntityRef[] = [];
  for (const v of a.values) {
    if (v.string === undefined) continue;
    try {
      const ref = refOf(parseUrn(v.string).raw);
      if (graphqlTypeNameOf(ref.entityType)) out.push(ref);
    } catch {
      // not an urn
    }
  }
  return out;
}

export const structuredProperties = async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
  const value = await ctx.loader.aspect(ref.urn, 'structuredProperties');
  return value ? presentProperties(value, ref.urn, await ctx.loader.setters(ref.urn, 'structuredProperties')) : null;
};

export const propertyValueResolvers = {
  Dataset: { structuredProperties },
  SchemaFieldEntity: { structuredProperties },
  DataFlow: { structuredProperties },
  DataJob: { structuredProperties },
  StructuredPropertiesEntry: {
    structuredProperty: (e: EntryView) => refOf(e.assignment.propertyUrn),
    values: (e: EntryView) => e.assignment.values.map(toGraphqlValue),
    valueEntities: (e: EntryView) => valueEntitiesOf(e.assignment),
    associatedUrn: (e: EntryView) => e.associatedUrn,
    attribution: (e: EntryView) => attributionOf(e.assignment as { attribution?: Parameters<typeof attributionOf>[0]['attribution'] }, e.setBy, e.assignment.propertyUrn),
  },
};
