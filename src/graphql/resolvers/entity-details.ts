/**
 * Resolvers of entity-details.graphql: what people, groups, ownership types, the glossary and domain hierarchies,
 * flows, jobs, platforms, views, schemas and feature tables store, in the original's GraphQL shapes. Each reads the
 * aspect that holds it through the request's loader; nothing here writes.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { parseUrn } from '../../model/urn.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { searchAcrossEntities } from './search/search-across-entities.js';
import type { FacetFilterInput } from './search/search-input.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { termsOf } from './context-reads.js';

type Obj = Record<string, any>;
type Ctx = GraphqlContext;

/** How far a parent chain (glossary nodes, domains) is followed; a cycle written by a client ends there too. */
const MAX_PARENTS = 20;

const entries = (map: Record<string, string> | undefined) => (map ? Object.entries(map).map(([key, value]) => ({ key, value })) : null);
const refs = (urns: unknown) => (Array.isArray(urns) ? urns.filter((u): u is string => typeof u === 'string').map(refOf) : null);
const aspectOf = (ctx: Ctx, urn: string, aspect: string) => ctx.loader.aspect<Obj>(urn, aspect);

/** The chain of parents from `first`, each found by `parentOf`, nearest first, without repeats. */
async function chain(start: string, parentOf: (urn: string) => Promise<string | undefined>): Promise<string[]> {
  const out: string[] = [];
  const seen = new Set([start]);
  let at = await parentOf(start);
  while (at && !seen.has(at) && out.length < MAX_PARENTS) {
    out.push(at);
    seen.add(at);
    at = await parentOf(at);
  }
  return out;
}

const nodeParent = (ctx: Ctx) => async (urn: string) => {
  const aspect = parseUrn(urn).entityType === 'glossaryTerm' ? 'glossaryTermInfo' : 'glossaryNodeInfo';
  return (await aspectOf(ctx, urn, aspect))?.parentNode as string | undefined;
};

async function parentNodes(ref: EntityRef, _a: unknown, ctx: Ctx) {
  const nodes = await chain(ref.urn, nodeParent(ctx));
  return { count: nodes.length, nodes: nodes.map(refOf) };
}

/** The original's system ownership types: every owner without a custom type has one of these. */
const SYSTEM_OWNERSHIP_TYPES: Record<string, { name: string; description: string }> = {
  'urn:li:ownershipType:__system__technical_owner': { name: 'Technical Owner', description: 'Builds, runs or delivers it.' },
  'urn:li:ownershipType:__system__business_owner': { name: 'Business Owner', description: 'Answers for it to the business; knows what it means.' },
  'urn:li:ownershipType:__system__data_steward': { name: 'Data Steward', description: 'Looks after its quality and its rules.' },
  'urn:li:ownershipType:__system__none': { name: 'None', description: 'An owner of no particular kind.' },
};

interface ListInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
}

function listOwnershipTypes(_: unknown, { input }: { input: ListInput }) {
  const query = (input.query ?? '').trim().toLowerCase();
  const all = Object.entries(SYSTEM_OWNERSHIP_TYPES).filter(([, t]) => query === '' || query === '*' || t.name.toLowerCase().includes(query));
  const start = Math.max(0, input.start ?? 0);
  const page = all.slice(start, start + Math.max(0, input.count ?? 20));
  return { start, count: page.length, total: all.length, ownershipTypes: page.map(([urn]) => ({ urn })) };
}

interface EntitiesInput {
  query?: string | null;
  start?: number | null;
  count?: number | null;
  filters?: FacetFilterInput[] | null;
}

const LISTED_TYPES = ENTITY_TYPES.filter((t) => t.graphqlType !== 'OTHER').map((t) => t.graphqlType);

/** A search across every type, narrowed by `within` (the domain's, or the product's assets). */
function searchWithin(within: FacetFilterInput, input: EntitiesInput | null | undefined, ctx: Ctx, info: GraphQLResolveInfo) {
  const filters = [...(input?.filters ?? []), within];
  return searchAcrossEntities(null, { input: { types: LISTED_TYPES, query: input?.query ?? '*', start: input?.start, count: input?.count, orFilters: [{ and: filters }] } }, ctx, info);
}

/** A schema in the platform's own form: a table's DDL (or any raw schema), or a topic's key and value schemas. */
function platformSchemaOf(raw: unknown): Obj | null {
  if (!raw || typeof raw !== 'object') return null;
  const [, v] = Object.entries(raw as Obj)[0] ?? [];
  if (!v || typeof v !== 'object') return null;
  if (typeof v.keySchema === 'string' && typeof v.valueSchema === 'string') return { keySchema: v.keySchema, valueSchema: v.valueSchema };
  const schema = v.tableSchema ?? v.rawSchema ?? v.schema ?? v.documentSchema;
  return typeof schema === 'string' ? { schema } : null;
}

const userProperties = (i: Obj | undefined) =>
  i
    ? {
        active: i.active !== false,
        displayName: i.displayName ?? null,
        title: i.title ?? null,
        email: i.email ?? null,
        firstName: i.firstName ?? null,
        lastName: i.lastName ?? null,
        fullName: i.fullName ?? null,
        managerUrn: i.managerUrn ?? null,
        customProperties: entries(i.customProperties),
      }
    : null;

/** Terms attached to a column (in the ingested schema or by people), naming the dataset as the associated entity. */
const fieldTerms = (f: { glossaryTerms?: { terms?: { urn: string; actor?: string }[] }; datasetUrn: string }) =>
  f.glossaryTerms ? termsOf(f.glossaryTerms.terms ?? [], f.datasetUrn) : null;

const stampOf = (s: Obj | undefined) => (s && typeof s.time === 'number' ? { time: s.time, actor: typeof s.actor === 'string' ? refOf(s.actor) : null } : null);

export const entityDetailResolvers = {
  Query: { listOwnershipTypes },
  CorpUser: {
    properties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => userProperties(await aspectOf(ctx, ref.urn, 'corpUserInfo')),
    info: async (ref: EntityRef, _a: unknown, ctx: Ctx) => userProperties(await aspectOf(ctx, ref.urn, 'corpUserInfo')),
    editableProperties: (ref: EntityRef, _a: unknown, ctx: Ctx) => aspectOf(ctx, ref.urn, 'corpUserEditableInfo').then((e) => e ?? null),
    editableInfo: (ref: EntityRef, _a: unknown, ctx: Ctx) => aspectOf(ctx, ref.urn, 'corpUserEditableInfo').then((e) => e ?? null),
    settings: () => ({ appearance: { showSimplifiedHomepage: false }, views: { defaultView: null } }),
  },
  CorpGroup: {
    properties: (ref: EntityRef, _a: unknown, ctx: Ctx) => aspectOf(ctx, ref.urn, 'corpGroupInfo').then((i) => (i ? { ...i, name: i.displayName ?? parseUrn(ref.urn).id } : null)),
    info: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const i = await aspectOf(ctx, ref.urn, 'corpGroupInfo');
      return i ? { ...i, admins: refs(i.admins), members: refs(i.members), groups: i.groups ?? null } : null;
    },
    editableProperties: (ref: EntityRef, _a: unknown, ctx: Ctx) => aspectOf(ctx, ref.urn, 'corpGroupEditableInfo').then((e) => e ?? null),
  },
  OwnershipTypeEntity: {
    type: () => 'CUSTOM_OWNERSHIP_TYPE',
    info: (t: { urn: string }) => SYSTEM_OWNERSHIP_TYPES[t.urn] ?? null,
    status: () => ({ removed: false }),
  },
  GlossaryTerm: {
    hierarchicalName: (ref: EntityRef) => parseUrn(ref.urn).id,
    properties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const i = await aspectOf(ctx, ref.urn, 'glossaryTermInfo');
      if (!i) return null;
      const definition = i.definition ?? '';
      return {
        name: i.name ?? parseUrn(ref.urn).id,
        description: definition || null,
        definition,
        termSource: i.termSource ?? 'INTERNAL',
        sourceRef: i.sourceRef ?? null,
        sourceUrl: i.sourceUrl ?? null,
        rawSchema: i.rawSchema ?? null,
        customProperties: entries(i.customProperties),
        externalUrl: i.sourceUrl ?? null,
      };
    },
    parentNodes,
  },
  GlossaryNode: { parentNodes, displayProperties: () => null },
  Domain: {
    parentDomains: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const domains = await chain(ref.urn, async (urn) => (await aspectOf(ctx, urn, 'domainProperties'))?.parentDomain);
      return { count: domains.length, domains: domains.map(refOf) };
    },
    displayProperties: () => null,
    entities: (ref: EntityRef, { input }: { input?: EntitiesInput | null }, ctx: Ctx, info: GraphQLResolveInfo) => searchWithin({ field: 'domains', values: [ref.urn] }, input, ctx, info),
  },
  DataProduct: {
    entities: async (ref: EntityRef, { input }: { input?: EntitiesInput | null }, ctx: Ctx, info: GraphQLResolveInfo) => {
      const assets = ((await aspectOf(ctx, ref.urn, 'dataProductProperties'))?.assets ?? []) as { destinationUrn?: string }[];
      const urns = assets.map((a) => a.destinationUrn).filter((u): u is string => typeof u === 'string');
      if (urns.length === 0) return { start: input?.start ?? 0, count: 0, total: 0, searchResults: [], facets: [] };
      return searchWithin({ field: 'urn', values: urns }, input, ctx, info);
    },
  },
  DataFlow: {
    properties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const i = await aspectOf(ctx, ref.urn, 'dataFlowInfo');
      return i ? { ...i, name: i.name ?? parseUrn(ref.urn).parts[1], customProperties: entries(i.customProperties) } : null;
    },
  },
  DataJob: {
    properties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const i = await aspectOf(ctx, ref.urn, 'dataJobInfo');
      return i ? { ...i, name: i.name ?? parseUrn(ref.urn).parts[1], customProperties: entries(i.customProperties) } : null;
    },
    inputOutput: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const io = await aspectOf(ctx, ref.urn, 'dataJobInputOutput');
      return io ? { inputDatasets: refs(io.inputDatasets), outputDatasets: refs(io.outputDatasets), inputDatajobs: refs(io.inputDatajobs) } : null;
    },
  },
  DataPlatform: {
    properties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const i = await aspectOf(ctx, ref.urn, 'dataPlatformInfo');
      return i ? { ...i, datasetNameDelimiter: i.datasetNameDelimiter ?? '.' } : null;
    },
  },
  DataPlatformInstance: {
    type: () => 'DATA_PLATFORM_INSTANCE',
    platform: (ref: EntityRef) => refOf(parseUrn(ref.urn).parts[0]),
    instanceId: (ref: EntityRef) => parseUrn(ref.urn).parts.slice(1).join(','),
    relationships: (_r: EntityRef, { input }: { input: { start?: number | null } }) => ({ start: input.start ?? 0, count: 0, total: 0, relationships: [] }),
  },
  Dataset: {
    viewProperties: (ref: EntityRef, _a: unknown, ctx: Ctx) => aspectOf(ctx, ref.urn, 'viewProperties').then((v) => (v ? { materialized: v.materialized === true, logic: v.viewLogic ?? '', formattedLogic: v.formattedViewLogic ?? null, language: v.viewLanguage ?? 'SQL' } : null)),
  },
  SchemaMetadata: {
    platformSchema: async (s: { datasetUrn: string }, _a: unknown, ctx: Ctx) => platformSchemaOf((await aspectOf(ctx, s.datasetUrn, 'schemaMetadata'))?.platformSchema),
    foreignKeys: async (s: { datasetUrn: string }, _a: unknown, ctx: Ctx) => {
      const keys = (await aspectOf(ctx, s.datasetUrn, 'schemaMetadata'))?.foreignKeys as Obj[] | undefined;
      return keys?.map((k) => ({ name: k.name ?? null, foreignFields: refs(k.foreignFields), sourceFields: refs(k.sourceFields), foreignDataset: typeof k.foreignDataset === 'string' ? refOf(k.foreignDataset) : null })) ?? null;
    },
  },
  PlatformSchema: { __resolveType: (v: Obj) => ('keySchema' in v ? 'KeyValueSchema' : 'TableSchema') },
  SchemaFieldEntity: {
    businessAttributes: () => null,
    documentation: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const d = await aspectOf(ctx, ref.urn, 'documentation');
      if (!d) return null;
      return {
        documentations: ((d.documentations ?? []) as Obj[]).map((x) => ({
          documentation: x.documentation ?? '',
          attribution: typeof x.attribution?.actor === 'string' ? { time: x.attribution.time ?? 0, actor: refOf(x.attribution.actor), source: typeof x.attribution.source === 'string' ? refOf(x.attribution.source) : null, sourceDetail: entries(x.attribution.sourceDetail) } : null,
        })),
      };
    },
  },
  MLFeatureTable: {
    featureTableProperties: async (ref: EntityRef, _a: unknown, ctx: Ctx) => {
      const p = await aspectOf(ctx, ref.urn, 'mlFeatureTableProperties');
      return p ? { description: p.description ?? null, mlFeatures: refs(p.mlFeatures), mlPrimaryKeys: refs(p.mlPrimaryKeys) } : null;
    },
  },
  StructuredPropertyDefinition: {
    created: (d: Obj) => stampOf(d.created),
    lastModified: (d: Obj) => stampOf(d.lastModified),
  },
  SchemaField: { glossaryTerms: fieldTerms },
  EditableSchemaFieldInfo: { glossaryTerms: fieldTerms },
  Chart: { tool: (ref: EntityRef) => parseUrn(ref.urn).parts[0], chartId: (ref: EntityRef) => parseUrn(ref.urn).parts.slice(1).join(',') },
  Dashboard: { tool: (ref: EntityRef) => parseUrn(ref.urn).parts[0], dashboardId: (ref: EntityRef) => parseUrn(ref.urn).parts.slice(1).join(',') },
};
