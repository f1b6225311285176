/** Property administration over REST v3: every definition with its state and rules, create/update, soft delete, hard delete, jobs. */
import { ENTITY_TYPES } from '../model/entity-types';
import { query } from './graphql';
import type { PropertyConstraints } from './property-rules';
import { encodeUrn, rest } from './rest';

export const VALUE_TYPES = ['string', 'number', 'date', 'urn', 'rich_text'] as const;

export interface StoredDefinition {
  qualifiedName: string;
  displayName?: string;
  description?: string;
  valueType: string;
  cardinality?: 'SINGLE' | 'MULTIPLE';
  entityTypes: string[];
  allowedValues?: { value: { string?: string; double?: number }; description?: string }[];
  immutable?: boolean;
  version?: string;
  /** Whatever else the stored definition holds (type qualifier, settings, …). */
  [other: string]: unknown;
}

/** The display settings aspect (structuredPropertySettings); absent fields are false. */
export interface PropertySettings {
  isHidden?: boolean;
  showInSearchFilters?: boolean;
  [other: string]: unknown;
}

export interface PropertyRow {
  urn: string;
  definition: StoredDefinition;
  settings?: PropertySettings;
  /** The value rules (structuredPropertyConstraints), when it has any. */
  constraints?: PropertyConstraints;
  removed: boolean;
}

interface ListAnswer {
  scrollId?: string | null;
  entities: {
    urn: string;
    propertyDefinition?: { value: StoredDefinition };
    structuredPropertySettings?: { value: PropertySettings };
    structuredPropertyConstraints?: { value: PropertyConstraints };
    status?: { value: { removed?: boolean } };
  }[];
}

const PATH = '/openapi/v3/entity/structuredProperty';

/** Every definition, soft-deleted ones included, paging through the REST list. */
export async function listProperties(): Promise<PropertyRow[]> {
  const rows: PropertyRow[] = [];
  let scrollId: string | null | undefined;
  do {
    const q = new URLSearchParams({ count: '1000', includeSoftDelete: 'true', sort: 'urn', sortOrder: 'ASCENDING' });
    q.append('aspects', 'propertyDefinition');
    q.append('aspects', 'status');
    q.append('aspects', 'structuredPropertySettings');
    q.append('aspects', 'structuredPropertyConstraints');
    if (scrollId) q.set('scrollId', scrollId);
    const page = await rest<ListAnswer>('GET', `${PATH}?${q}`);
    for (const e of page.entities) {
      if (!e.propertyDefinition) continue;
      rows.push({
        urn: e.urn,
        definition: e.propertyDefinition.value,
        settings: e.structuredPropertySettings?.value,
        constraints: e.structuredPropertyConstraints?.value,
        removed: !!e.status?.value.removed,
      });
    }
    scrollId = page.scrollId;
  } while (scrollId);
  return rows;
}

export const propertyUrnOf = (qualifiedName: string): string => `urn:li:structuredProperty:${qualifiedName}`;

/** Creates (refused when it exists) or replaces a definition; the API decides whether a change needs a version. */
export async function saveDefinition(urn: string, definition: StoredDefinition, create: boolean): Promise<void> {
  await rest('POST', `${PATH}/${encodeUrn(urn)}/propertyDefinition?createIfNotExists=${create}&waitForSearch=true`, { value: definition });
}

/** Writes the display settings, keeping the ones this page does not edit. */
export async function saveSettings(urn: string, settings: PropertySettings): Promise<void> {
  const { lastModified: _l, ...kept } = settings;
  await rest('POST', `${PATH}/${encodeUrn(urn)}/structuredPropertySettings?createIfNotExists=false&waitForSearch=true`, { value: kept });
}

export async function setRemoved(urn: string, removed: boolean): Promise<void> {
  await rest('POST', `${PATH}/${encodeUrn(urn)}/status?createIfNotExists=false&waitForSearch=true`, { value: { removed } });
}

export async function hardDelete(urn: string): Promise<void> {
  await rest('DELETE', `${PATH}/${encodeUrn(urn)}`);
}

/** How many entities carry a value: one search over the property's entity types with an EXISTS filter. */
export async function countCarriers(d: StoredDefinition): Promise<number> {
  const types = d.entityTypes
    .map((t) => ENTITY_TYPES.find((e) => e.id.toLowerCase() === t.replace(/^urn:li:entityType:[a-z]+\./, '').toLowerCase())?.graphql)
    .filter((t): t is (typeof ENTITY_TYPES)[number]['graphql'] => !!t);
  const data = await query<{ searchAcrossEntities: { total: number } }>(
    `query carriers($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total } }`,
    { input: { types, query: '*', count: 0, orFilters: [{ and: [{ field: `structuredProperties.${d.qualifiedName}`, condition: 'EXISTS' }] }] } },
  );
  return data.searchAcrossEntities.total;
}

export interface Job {
  id: string;
  type: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  progress?: Record<string, unknown>;
}

export async function jobsFor(key: string): Promise<Job[]> {
  return (await rest<{ jobs: Job[] }>('GET', `/openapi/v3/jobs?key=${encodeURIComponent(key)}`)).jobs;
}

/** The next version for a breaking change: now as yyyyMMddHHmmss, above the current one. */
export function nextVersion(current?: string): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return current && current >= now ? String(BigInt(current) + 1n) : now;
}
