/**
 * Query entities in the original's shapes: their properties and subjects (the queryProperties and querySubjects aspects,
 * stored as written), and Query.listQueries — the one search operation over query entities, by the registry's search
 * fields `entities` (a subject's URN) and `source`.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { searchEntities, type SortCriterion } from '../../catalog/search/search-entities.js';
import { findEntityType } from '../../model/entity-types.js';
import { parseUrn } from '../../model/urn.js';
import type { FilterCriterion } from '../../search/filters.js';
import type { GraphqlContext } from '../context.js';
import { refOf, type EntityRef } from '../entity-loader.js';
import { selectsField } from '../selects.js';
import { orFiltersOf, type FacetFilterInput } from './search/search-input.js';

type Obj = Record<string, any>;

interface ListQueriesInput {
  start?: number | null;
  count?: number | null;
  query?: string | null;
  source?: string | null;
  datasetUrn?: string | null;
  orFilters?: { and?: FacetFilterInput[] | null }[] | null;
  sortInput?: { sortCriterion: SortCriterion } | null;
}

/** The original's page size when none is asked for. */
const DEFAULT_COUNT = 20;
/** Newest first, as the original lists them. */
const NEWEST_FIRST: SortCriterion = { field: 'createdTime', sortOrder: 'DESCENDING' };

async function listQueries(_: unknown, { input }: { input: ListQueriesInput }, ctx: GraphqlContext, info: GraphQLResolveInfo) {
  const criteria: FilterCriterion[] = [
    ...(input.datasetUrn ? [{ field: 'entities', condition: 'EQUAL', values: [input.datasetUrn] }] : []),
    ...(input.source ? [{ field: 'source', condition: 'EQUAL', values: [input.source] }] : []),
  ];
  // Each group the caller gave must hold with the input's own criteria; without groups, the criteria alone.
  const groups = orFiltersOf({ orFilters: input.orFilters }) ?? [{ and: [] }];
  const page = await searchEntities(ctx.services, {
    types: ['QUERY'],
    query: input.query?.trim() ? input.query : '*',
    orFilters: groups.map((g) => ({ and: [...(g.and ?? []), ...criteria] })),
    sort: [input.sortInput?.sortCriterion ?? NEWEST_FIRST],
    start: input.start,
    count: input.count ?? DEFAULT_COUNT,
    withDocuments: selectsField(info, 'queries'),
  });
  if (page.documents) ctx.loader.prime(page.documents);
  return { start: page.start, count: page.urns.length, total: page.total, queries: page.urns.map(refOf) };
}

const entriesOf = (v: unknown) => (v && typeof v === 'object' ? Object.entries(v as Obj).map(([key, value]) => ({ key, value: String(value) })) : null);
const stampOf = (s: Obj | undefined) => (s && typeof s === 'object' ? { time: s.time, actor: s.actor ?? null } : null);

/** A URN GraphQL can present as an entity (its type has an object), else nothing. */
function entityOf(urn: unknown): EntityRef | null {
  if (typeof urn !== 'string') return null;
  try {
    return findEntityType(parseUrn(urn).entityType)?.graphqlObject ? refOf(urn) : null;
  } catch {
    return null;
  }
}

async function properties(ref: EntityRef, _a: unknown, ctx: GraphqlContext) {
  const p = await ctx.loader.aspect<Obj>(ref.urn, 'queryProperties');
  if (!p) return null;
  const statement = p.statement ?? {};
  return {
    statement: { value: statement.value, language: statement.language ?? 'SQL' },
    source: p.source,
    name: p.name ?? parseUrn(ref.urn).id,
    description: p.description ?? null,
    // Both are required in the original's record; one written alone stands for the other.
    created: stampOf(p.created) ?? stampOf(p.lastModified),
    lastModified: stampOf(p.lastModified) ?? stampOf(p.created),
    origin: entityOf(p.origin),
    customProperties: entriesOf(p.customProperties),
  };
}

/** Each dataset or column subject; a column's dataset is its parent. Subjects of other types are not listed. */
async function subjects(ref: EntityRef, _a: unknown, ctx: GraphqlContext) {
  const s = await ctx.loader.aspect<{ subjects?: { entity?: unknown }[] }>(ref.urn, 'querySubjects');
  if (!s) return null;
  return (s.subjects ?? []).flatMap((subject): { dataset: EntityRef; schemaField: EntityRef | null }[] => {
    const urn = entityOf(subject?.entity);
    if (urn?.entityType === 'dataset') return [{ dataset: urn, schemaField: null }];
    if (urn?.entityType === 'schemaField') return [{ dataset: refOf(parseUrn(urn.urn).parts[0]), schemaField: urn }];
    return [];
  });
}

export const queryResolvers = {
  Query: { listQueries },
  QueryEntity: { properties, subjects },
};
