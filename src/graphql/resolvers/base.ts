/** Resolvers of the core entity types and root lookups by URN. */
import { parseUrn } from '../../model/urn.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { findEntityType } from '../../model/entity-types.js';
import { existenceUrnOf, resolveTarget } from '../../catalog/entity-target.js';

/** The GraphQL object presenting an entity type (the registry's `graphqlObject`); undefined for types GraphQL does not present. */
export const graphqlTypeNameOf = (entityType: string) => findEntityType(entityType)?.graphqlObject;

/** Root lookup: null when the entity does not exist (a schemaField exists when its parent does). */
export async function lookup(ctx: GraphqlContext, urn: string, expected?: string): Promise<EntityRef | null> {
  const target = resolveTarget(expected, urn);
  return (await ctx.loader.exists(existenceUrnOf(target))) ? refOf(target.urn.raw) : null;
}

const typeEnum = (ref: EntityRef) => findEntityType(ref.entityType)?.graphqlType ?? 'OTHER';
const exists = async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ctx.loader.exists(ref.urn);
const status = (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ctx.loader.aspect(ref.urn, 'status');
/** A dataset's name as its URN writes it (between the platform and the environment). */
const datasetNameOf = (urn: string) => parseUrn(urn).parts.slice(1, -1).join(',');
const part = (i: number) => (ref: EntityRef) => parseUrn(ref.urn).parts[i];

export const baseResolvers = {
  Query: {
    dataset: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'dataset'),
    schemaField: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'schemaField'),
    dataFlow: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'dataFlow'),
    dataJob: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'dataJob'),
    corpUser: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, 'corpuser'),
    entity: (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn),
    // Missing entities answer null unless checkForExistence is false: then every well-formed URN answers its entity unread.
    entities: (_: unknown, { urns, checkForExistence }: { urns: string[]; checkForExistence?: boolean | null }, ctx: GraphqlContext) =>
      Promise.all(urns.map((u) => (checkForExistence === false ? refOf(resolveTarget(undefined, u).urn.raw) : lookup(ctx, u)))),
  },
  Mutation: { ping: () => true },
  Entity: { __resolveType: (ref: EntityRef) => graphqlTypeNameOf(ref.entityType) ?? null },
  Dataset: {
    type: typeEnum,
    exists,
    status,
    name: (ref: EntityRef) => datasetNameOf(ref.urn),
    platform: (ref: EntityRef) => refOf(parseUrn(ref.urn).parts[0]),
    properties: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => {
      const p = await ctx.loader.aspect(ref.urn, 'datasetProperties');
      return p ? { ...p, name: p.name ?? datasetNameOf(ref.urn), customProperties: Object.entries(p.customProperties ?? {}).map(([key, value]) => ({ key, value })) } : null;
    },
  },
  SchemaFieldEntity: {
    type: typeEnum,
    exists: async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => ctx.loader.exists(parseUrn(ref.urn).parts[0]),
    status,
    fieldPath: (ref: EntityRef) => parseUrn(ref.urn).parts.slice(1).join(','),
    parent: (ref: EntityRef) => refOf(parseUrn(ref.urn).parts[0]),
  },
  DataFlow: { type: typeEnum, exists, status, orchestrator: part(0), flowId: part(1), cluster: part(2) },
  DataJob: { type: typeEnum, exists, status, jobId: part(1), dataFlow: (ref: EntityRef) => refOf(parseUrn(ref.urn).parts[0]) },
  CorpUser: { type: typeEnum, username: (ref: EntityRef) => parseUrn(ref.urn).id },
  DataPlatform: { type: typeEnum, name: (ref: EntityRef) => parseUrn(ref.urn).id },
};
