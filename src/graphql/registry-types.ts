/**
 * GraphQL for every entity type of the registry (src/model/registry/entities.json): an object type named by its
 * `graphqlObject` (written out here when no schema file declares it), the fields every entity offers for the aspects
 * it carries (existence, name and properties, tags, terms, owners, domain, structured properties, container chain,
 * sub-types, and the details of registry-detail-fields.ts) where the schema files do not declare them already, and a root lookup named by its `graphqlQuery`. A new
 * type in the registry is presented without code here.
 */
import { Kind, parse, type DocumentNode } from 'graphql';
import { namingAspects, registeredNames } from '../catalog/registered-names.js';
import { ENTITY_TYPES, type EntityTypeDef } from '../model/entity-types.js';
import { presentedFields } from '../model/registry/presented-fields.js';
import { lineage } from './resolvers/lineage.js';
import type { GraphqlContext } from './context.js';
import { refOf, type EntityRef } from './entity-loader.js';
import { lookup } from './resolvers/base.js';
import { associationReads } from './resolvers/context-reads.js';
import { structuredProperties } from './resolvers/structured-properties/property-values.js';
import { entityTags } from './resolvers/tags/schema-reads.js';
import { schemaFiles } from './schema-files.js';
import { DETAIL_FIELDS, namingValues } from './registry-detail-fields.js';

type Obj = Record<string, unknown>;
type Resolver = (ref: EntityRef, args: unknown, ctx: GraphqlContext) => unknown;

/** How deep a container chain is followed (a cycle written by a client ends there too). */
const MAX_CONTAINER_DEPTH = 20;

/** The container an entity sits in directly (its `container` aspect), if any. */
const parentOf = async (urn: string, ctx: GraphqlContext): Promise<string | undefined> => (await ctx.loader.aspect<{ container?: string }>(urn, 'container'))?.container;

async function parentContainers(ref: EntityRef, _a: unknown, ctx: GraphqlContext) {
  const containers: EntityRef[] = [];
  const seen = new Set([ref.urn]);
  let at = ref.urn;
  while (containers.length < MAX_CONTAINER_DEPTH) {
    const parent = await parentOf(at, ctx);
    if (!parent || seen.has(parent)) break;
    seen.add(parent);
    containers.push(refOf(parent));
    at = parent;
  }
  return { count: containers.length, containers };
}

/** The SDL and resolver of each field a registered type may offer (which ones it offers: presented-fields.ts). */
interface CommonField {
  field: string;
  sdl: string;
  resolve: (def: EntityTypeDef) => Resolver;
}

const COMMON: CommonField[] = [
  { field: 'exists', sdl: '"Whether the entity exists."\n  exists: Boolean!', resolve: () => (ref, _a, ctx) => ctx.loader.exists(ref.urn) },
  { field: 'status', sdl: '"Whether it is soft-deleted; null when never written."\n  status: Status', resolve: () => (ref, _a, ctx) => ctx.loader.aspect(ref.urn, 'status') },
  {
    field: 'name',
    sdl: '"Its name: as its properties aspect gives it, else the name in its URN."\n  name: String!',
    resolve: (def) => async (ref, _a, ctx) => {
      const values = await namingValues(def, ref, ctx);
      return registeredNames(def, ref.urn, (a) => values.get(a)).name;
    },
  },
  {
    field: 'properties',
    sdl: '"What its properties aspect says; null when never written."\n  properties: EntityProperties',
    resolve: (def) => async (ref, _a, ctx) => {
      const values = await namingValues(def, ref, ctx);
      const first = namingAspects(def).map((a) => values.get(a)).find(Boolean);
      if (!first) return null;
      const { name, description } = registeredNames(def, ref.urn, (a) => values.get(a));
      const custom = first.customProperties as Record<string, string> | undefined;
      return {
        name,
        description: description ?? null,
        customProperties: custom ? Object.entries(custom).map(([key, value]) => ({ key, value })) : null,
        externalUrl: first.externalUrl ?? null,
        qualifiedName: first.qualifiedName ?? null,
      };
    },
  },
  { field: 'tags', sdl: '"Tags; null when never written."\n  tags: GlobalTags', resolve: () => entityTags },
  { field: 'glossaryTerms', sdl: '"Business terms; null when never written."\n  glossaryTerms: GlossaryTerms', resolve: () => associationReads.glossaryTerms },
  { field: 'ownership', sdl: '"Owners; null when never written."\n  ownership: Ownership', resolve: () => associationReads.ownership },
  { field: 'domain', sdl: '"The first domain of the domains aspect; null when none."\n  domain: DomainAssociation', resolve: () => associationReads.domain },
  {
    field: 'structuredProperties',
    sdl: '"Structured property values; null when never written."\n  structuredProperties: StructuredProperties',
    resolve: () => structuredProperties as Resolver,
  },
  {
    field: 'container',
    sdl: '"The container it sits in directly; null when none."\n  container: Container',
    resolve: () => async (ref, _a, ctx) => {
      const parent = await parentOf(ref.urn, ctx);
      return parent ? refOf(parent) : null;
    },
  },
  { field: 'parentContainers', sdl: '"Every container it sits in, nearest first."\n  parentContainers: ParentContainersResult', resolve: () => parentContainers },
  { field: 'subTypes', sdl: '"Its kinds within its type; null when never written."\n  subTypes: SubTypes', resolve: () => (ref, _a, ctx) => ctx.loader.aspect(ref.urn, 'subTypes') },
  {
    field: 'lineage',
    sdl: '"One hop of lineage: the entities it is built from (UPSTREAM) or that are built from it (DOWNSTREAM)."\n  lineage(input: LineageInput!): EntityLineageResult',
    resolve: () => lineage as Resolver,
  },
  ...DETAIL_FIELDS,
];

/**
 * The object types and their fields, and the Query fields, the schema files declare; `defined`: the objects a schema
 * file defines (an `extend type` alone, as timeseries.graphql's on registry types, adds fields to the registry's object).
 */
function declared(): { objects: Map<string, Set<string>>; defined: Set<string>; queries: Set<string> } {
  const objects = new Map<string, Set<string>>();
  const defined = new Set<string>();
  for (const doc of schemaFiles().map((t): DocumentNode => parse(t))) {
    for (const d of doc.definitions) {
      if (d.kind !== Kind.OBJECT_TYPE_DEFINITION && d.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
      if (d.kind === Kind.OBJECT_TYPE_DEFINITION) defined.add(d.name.value);
      const fields = objects.get(d.name.value) ?? objects.set(d.name.value, new Set()).get(d.name.value)!;
      for (const f of d.fields ?? []) fields.add(f.name.value);
    }
  }
  return { objects, defined, queries: objects.get('Query') ?? new Set() };
}

/** What the registry adds for one type: its object when no schema file declares it, the fields it lacks, its lookup. */
interface TypeAddition {
  def: EntityTypeDef & { graphqlObject: string };
  declared: boolean;
  fields: CommonField[];
  lookup: boolean;
}

/** Decided once from the registry and the schema files; the SDL and the resolvers are both read from it. */
let additionsOnce: TypeAddition[] | undefined;
function additions(): TypeAddition[] {
  if (additionsOnce) return additionsOnce;
  const { objects, defined, queries } = declared();
  additionsOnce = ENTITY_TYPES.filter((d): d is EntityTypeDef & { graphqlObject: string } => Boolean(d.graphqlObject)).map((def) => {
    const present = objects.get(def.graphqlObject);
    const offered = presentedFields(def);
    return {
      def,
      declared: defined.has(def.graphqlObject),
      fields: COMMON.filter((f) => offered.has(f.field) && !present?.has(f.field)),
      lookup: def.graphqlQuery !== undefined && !queries.has(def.graphqlQuery),
    };
  });
  return additionsOnce;
}

/** The SDL the registry adds to the schema files: new object types, missing common fields, missing root lookups. */
export function registryTypeDefs(): string {
  const out: string[] = [];
  const lookups: string[] = [];
  for (const { def, declared: isDeclared, fields, lookup: withLookup } of additions()) {
    const sdl = fields.map((f) => `  ${f.sdl}`);
    if (!isDeclared) {
      out.push(`"${def.name} (${def.urnShape}), as the entity registry presents it."\ntype ${def.graphqlObject} implements Entity {\n  "The entity's URN."\n  urn: String!\n  "The entity type."\n  type: EntityType!\n${sdl.join('\n')}\n}`);
    } else if (sdl.length > 0) {
      out.push(`extend type ${def.graphqlObject} {\n${sdl.join('\n')}\n}`);
    }
    if (withLookup) lookups.push(`  "The ${def.name} of this URN; null when it does not exist."\n  ${def.graphqlQuery}(urn: String!): ${def.graphqlObject}`);
  }
  if (lookups.length > 0) out.push(`extend type Query {\n${lookups.join('\n')}\n}`);
  return out.join('\n\n');
}

/** The resolvers of what `registryTypeDefs` adds. */
export function registryResolvers(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = { Query: {} };
  for (const { def, declared: isDeclared, fields, lookup: withLookup } of additions()) {
    out[def.graphqlObject] = Object.fromEntries([...(isDeclared ? [] : [['type', () => def.graphqlType]]), ...fields.map((f) => [f.field, f.resolve(def)])]);
    if (withLookup) out.Query[def.graphqlQuery!] = (_: unknown, { urn }: { urn: string }, ctx: GraphqlContext) => lookup(ctx, urn, def.name);
  }
  return out;
}
