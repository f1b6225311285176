/**
 * The lineage reads of an entity page: one hop of an entity's lineage (the graph), its dataset's column → column edges
 * (a few columns a request), and the impacted set searched and faceted (the Impact tab), with their answer shapes.
 */
import { schemaFieldUrn } from '../../../src/model/urn';
import { ENTITY_TYPES } from '../model/entity-types';
import { ApiError } from './api-error';
import { NAME_FIELDS } from './documents';
import { query } from './graphql';
import type { Facet, ResultEntity } from './search-queries';

export type Direction = 'UPSTREAM' | 'DOWNSTREAM';

/** Neighbours drawn per hop of one node; the rest are counted, not drawn. */
export const HOP_SIZE = 50;

/** The listed types whose objects offer `lineage` (the registry decides, as it does for the API). */
export const LINEAGE_TYPES = ENTITY_TYPES.filter((t) => t.fields.has('lineage'));
export const hasLineage = (graphqlType: string): boolean => LINEAGE_TYPES.some((t) => t.graphql === graphqlType);
/** What a walk between entities reaches (a search without types would keep to the searchable ones and miss charts). */
const REACHED_TYPES = LINEAGE_TYPES.filter((t) => t.graphql !== 'SCHEMA_FIELD').map((t) => t.graphql);

const HOP = `query lineageHop($urn: String!, $input: LineageInput!) {
  entity(urn: $urn) { urn
    ${LINEAGE_TYPES.map((t) => `... on ${t.object} { lineage(input: $input) { total relationships { entity { urn type ${NAME_FIELDS} } } } }`).join('\n    ')}
  }
}`;

export interface Hop {
  total: number;
  entities: ResultEntity[];
}

/** The entities one hop from `urn` in `direction` (the first HOP_SIZE), and how many there are. */
export async function loadHop(urn: string, direction: Direction): Promise<Hop> {
  const data = await query<{ entity: { lineage?: { total: number | null; relationships: { entity: ResultEntity | null }[] } } | null }>(HOP, {
    urn,
    input: { direction, count: HOP_SIZE },
  });
  const lineage = data.entity?.lineage;
  const entities = (lineage?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity] : []));
  return { total: lineage?.total ?? entities.length, entities };
}

/** One end of a column edge: the column and the dataset holding it. */
export interface ColumnEnd {
  urn: string;
  fieldPath: string;
  dataset: ResultEntity;
}

export interface ColumnEdge {
  from: ColumnEnd;
  to: ColumnEnd;
  /** False when the other column is not in its dataset's schema. */
  inSchema: boolean | null;
}

/** `supported: false`: the server offers no column lineage (SchemaFieldEntity has no lineage field). */
export type ColumnLineage = { supported: true; columns: number; edges: ColumnEdge[] } | { supported: false };

/** Columns asked about; a wider table shows the first ones. */
export const MAX_COLUMNS = 200;
/** An alias a column: the server allows 100 a request, and a request's cost stays well under its limit. */
const COLUMNS_PER_REQUEST = 80;

const FIELDS = `query datasetColumns($urn: String!) { dataset(urn: $urn) { urn type name properties { name } schemaMetadata { fields { fieldPath } } } }`;
const OTHER_END = `lineage(input: $input) { relationships { inSchema entity { urn ... on SchemaFieldEntity { fieldPath parent { urn type ... on Dataset { name properties { name } } } } } } }`;

type Relationships = { lineage: { relationships: { inSchema: boolean | null; entity: { urn: string; fieldPath?: string; parent?: ResultEntity } | null }[] } } | null;

/** One direction's edges of some columns, in one request (an alias a column). */
async function columnHops(columns: string[], direction: Direction): Promise<Relationships[]> {
  const vars = columns.map((_, i) => `$c${i}: String!`).join(', ');
  const asks = columns.map((_, i) => `c${i}: schemaField(urn: $c${i}) { ${OTHER_END} }`);
  const document = `query columnLineage(${vars}, $input: LineageInput!) {\n  ${asks.join('\n  ')}\n}`;
  const variables: Record<string, unknown> = { input: { direction, count: HOP_SIZE } };
  columns.forEach((urn, i) => (variables[`c${i}`] = urn));
  const data = await query<Record<string, Relationships>>(document, variables);
  return columns.map((_, i) => data[`c${i}`]);
}

/** Every column → column edge into or out of a column of the dataset, from the columns' one-hop lineage. */
export async function loadColumnLineage(datasetUrn: string): Promise<ColumnLineage> {
  const { dataset } = await query<{ dataset: (ResultEntity & { schemaMetadata: { fields: { fieldPath: string }[] } | null }) | null }>(FIELDS, { urn: datasetUrn });
  const paths = (dataset?.schemaMetadata?.fields ?? []).map((f) => f.fieldPath).slice(0, MAX_COLUMNS);
  if (!dataset || paths.length === 0) return { supported: true, columns: 0, edges: [] };
  const chunks: string[][] = [];
  for (let i = 0; i < paths.length; i += COLUMNS_PER_REQUEST) chunks.push(paths.slice(i, i + COLUMNS_PER_REQUEST).map((p) => schemaFieldUrn(datasetUrn, p)));
  const directions = ['UPSTREAM', 'DOWNSTREAM'] as const;
  let answers: Relationships[][][];
  try {
    answers = await Promise.all(directions.map((d) => Promise.all(chunks.map((c) => columnHops(c, d)))));
  } catch (e) {
    // An older server: its schema has no lineage on columns, and says so when asked.
    if (e instanceof ApiError && /Cannot query field "lineage" on type "SchemaFieldEntity"/.test(e.message)) return { supported: false };
    throw e;
  }
  const edges: ColumnEdge[] = [];
  directions.forEach((direction, d) => {
    answers[d].flat().forEach((answer, i) => {
      const here: ColumnEnd = { urn: schemaFieldUrn(datasetUrn, paths[i]), fieldPath: paths[i], dataset };
      for (const r of answer?.lineage.relationships ?? []) {
        if (!r.entity?.parent || r.entity.fieldPath === undefined) continue;
        const there: ColumnEnd = { urn: r.entity.urn, fieldPath: r.entity.fieldPath, dataset: r.entity.parent };
        edges.push(direction === 'UPSTREAM' ? { from: there, to: here, inSchema: r.inSchema } : { from: here, to: there, inSchema: r.inSchema });
      }
    });
  });
  return { supported: true, columns: paths.length, edges };
}

const IMPACT = `query impact($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) {
    total isPartial
    searchResults { degree entity { urn type ${NAME_FIELDS} } }
    facets { field displayName entitiesWithValue ranges { from to count } aggregations { value count entity { urn ... on Tag { properties { name colorHex } } ... on DataPlatform { name } } } }
  }
}`;

export interface ImpactHit {
  entity: ResultEntity;
  degree: number;
}

export interface ImpactPage {
  total: number;
  isPartial: boolean;
  hits: ImpactHit[];
  facets: Facet[];
}

/** The facets counted over the impacted set (the server puts the degree facet first), before any property facets. */
export const IMPACT_FACETS = ['_entityType', 'platform', 'owners', 'tags', 'glossaryTerms', 'origin'];

/** A page of the entities `direction` of `urn`, searched and filtered as the search page does (plus `degree`), with the facets. */
export async function searchImpact(input: { urn: string; direction: Direction; query: string; orFilters: unknown[]; start: number; count: number }, propertyFacets: string[] = []): Promise<ImpactPage> {
  const data = await query<{
    searchAcrossLineage: { total: number; isPartial: boolean | null; facets: Facet[] | null; searchResults: ImpactHit[] };
  }>(IMPACT, { input: { ...input, types: REACHED_TYPES, facets: [...IMPACT_FACETS, ...propertyFacets], query: input.query.trim() || '*' } });
  const r = data.searchAcrossLineage;
  return {
    total: r.total,
    isPartial: r.isPartial === true,
    facets: r.facets ?? [],
    hits: r.searchResults,
  };
}
