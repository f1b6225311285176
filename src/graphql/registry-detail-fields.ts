/**
 * The detail fields the original's clients read on every entity type that carries what they show (deprecation,
 * edited properties, browse path, platform, environment, ML descriptions, health, relationships): the SDL and resolver
 * of each, offered to a registered type as src/model/registry/presented-fields.ts decides.
 */
import { registeredNames, namingAspects } from '../catalog/registered-names.js';
import { LINEAGE_RELATIONSHIPS, relatedEntities } from '../catalog/lineage/related-entities.js';
import type { EntityTypeDef } from '../model/entity-types.js';
import { EDITABLE_PROPERTIES_ASPECTS, PLATFORM_NAME_KEY_FIELDS } from '../model/registry/presented-fields.js';
import { parseUrn } from '../model/urn.js';
import type { GraphqlContext } from './context.js';
import { refOf, type EntityRef } from './entity-loader.js';

type Obj = Record<string, any>;
type Resolver = (ref: EntityRef, args: any, ctx: GraphqlContext) => unknown;

export interface DetailField {
  field: string;
  sdl: string;
  resolve: (def: EntityTypeDef) => Resolver;
}

/** The platform URN a type's key names, if it names one. */
function platformOfKey(def: EntityTypeDef, urn: string): string | undefined {
  const key = def.keyFromUrn(parseUrn(urn)) as Record<string, string>;
  const byUrn = def.key.find((k) => k.kind === 'urn' && k.entityType === 'dataPlatform');
  if (byUrn && key[byUrn.field]) return key[byUrn.field];
  const byName = def.key.find((k) => PLATFORM_NAME_KEY_FIELDS.includes(k.field));
  return byName && key[byName.field] ? `urn:li:dataPlatform:${key[byName.field]}` : undefined;
}

/** The platform of an entity nothing says the platform of (the original's clients expect one on every such type). */
const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

/** The aspects a type's name and description come from, as the request's loader reads them. */
export async function namingValues(def: EntityTypeDef, ref: EntityRef, ctx: GraphqlContext): Promise<Map<string, Obj>> {
  const values = new Map<string, Obj>();
  for (const aspect of namingAspects(def)) {
    const v = await ctx.loader.aspect<Obj>(ref.urn, aspect);
    if (v) values.set(aspect, v);
  }
  return values;
}

const KEPT: ReadonlySet<string> = new Set(LINEAGE_RELATIONSHIPS);

interface RelationshipsArgs {
  input: { types: string[]; direction: 'INCOMING' | 'OUTGOING'; start?: number | null; count?: number | null };
}

/** The relationships Tessera keeps (related-entities.ts), as the original's GraphQL pages them; other types list nothing. */
async function relationships(ref: EntityRef, { input }: RelationshipsArgs, ctx: GraphqlContext) {
  const types = input.types.filter((t) => KEPT.has(t));
  if (types.length === 0) return { start: input.start ?? 0, count: 0, total: 0, relationships: [] };
  const page = await relatedEntities(ctx.services, { urn: ref.urn, direction: input.direction, types, start: input.start, count: input.count });
  return {
    start: page.start,
    count: page.count,
    total: page.total,
    relationships: page.entities.map((e) => ({ type: e.relationshipType, direction: input.direction, entity: refOf(e.urn) })),
  };
}

export const DETAIL_FIELDS: DetailField[] = [
  {
    field: 'deprecation',
    sdl: '"Whether it is deprecated; null when never written."\n  deprecation: Deprecation',
    resolve: () => async (ref, _a, ctx) => {
      const d = await ctx.loader.aspect<Obj>(ref.urn, 'deprecation');
      if (!d) return null;
      return {
        deprecated: d.deprecated === true,
        decommissionTime: d.decommissionTime ?? null,
        note: d.note ?? null,
        actor: d.actor ?? null,
        actorEntity: typeof d.actor === 'string' ? refOf(d.actor) : null,
        replacement: typeof d.replacement === 'string' ? refOf(d.replacement) : null,
      };
    },
  },
  {
    field: 'editableProperties',
    sdl: '"What people edited on its page; null when never edited."\n  editableProperties: EntityEditableProperties',
    resolve: (def) => {
      const aspect = def.aspects.find((a) => EDITABLE_PROPERTIES_ASPECTS.includes(a))!;
      return async (ref, _a, ctx) => {
        const e = await ctx.loader.aspect<Obj>(ref.urn, aspect);
        return e ? { description: e.description ?? null, name: e.name ?? null } : null;
      };
    },
  },
  {
    field: 'browsePathV2',
    sdl: '"Where it is browsed to; null when never written."\n  browsePathV2: BrowsePathV2',
    resolve: () => async (ref, _a, ctx) => {
      const b = await ctx.loader.aspect<{ path?: { id: string; urn?: string }[] }>(ref.urn, 'browsePathsV2');
      return b ? { path: (b.path ?? []).map((p) => ({ name: p.id, entity: p.urn ? refOf(p.urn) : null })) } : null;
    },
  },
  {
    field: 'platform',
    sdl: '"The platform it lives on: its dataPlatformInstance\'s, else its URN\'s, else urn:li:dataPlatform:unknown."\n  platform: DataPlatform!',
    resolve: (def) => async (ref, _a, ctx) => {
      const instance = await ctx.loader.aspect<{ platform?: string }>(ref.urn, 'dataPlatformInstance');
      return refOf(instance?.platform ?? platformOfKey(def, ref.urn) ?? UNKNOWN_PLATFORM);
    },
  },
  {
    field: 'origin',
    sdl: '"Its environment (PROD, DEV …), from its URN."\n  origin: String!',
    resolve: (def) => (ref) => {
      const fabric = def.key.find((k) => k.kind === 'fabric')!;
      return (def.keyFromUrn(parseUrn(ref.urn)) as Record<string, string>)[fabric.field];
    },
  },
  {
    field: 'description',
    sdl: '"Its description, as its properties aspect gives it; null when none."\n  description: String',
    resolve: (def) => async (ref, _a, ctx) => {
      const values = await namingValues(def, ref, ctx);
      return registeredNames(def, ref.urn, (a) => values.get(a)).description ?? null;
    },
  },
  { field: 'health', sdl: '"Health signals; Tessera derives none yet (an empty list)."\n  health: [Health!]', resolve: () => () => [] },
  {
    field: 'relationships',
    sdl: '"Its relationships one way (those Tessera keeps: DownstreamOf, Consumes, Produces, Contains, IsPartOf)."\n  relationships(input: RelationshipsInput!): EntityRelationshipsResult',
    resolve: () => relationships as Resolver,
  },
];
