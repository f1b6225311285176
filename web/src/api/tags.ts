/** Tag calls: the list of existing tags, create/edit/delete, and tag associations on entities and columns. */
import { mutate, query } from './graphql';

export interface Tag {
  urn: string;
  properties: { name: string; description: string | null; colorHex: string | null } | null;
  /** Entities carrying it (from the tags facet); a tag in use that was never created has no properties. */
  uses?: number;
}

/** The tag entities and, in the same request, every tag in use with how many entities carry it. */
const LIST = `query tags {
  searchAcrossEntities(input: { types: [TAG], query: "*", count: 1000, sortInput: { sortCriteria: [{ field: "urn", sortOrder: ASCENDING }] } }) {
    searchResults { entity { urn ... on Tag { properties { name description colorHex } } } }
  }
  aggregateAcrossEntities(input: { query: "*", facets: ["tags"], searchFlags: { maxAggValues: 1000 } }) {
    facets { field aggregations { value count } }
  }
}`;

/** Every tag: those created (with name, description, colour) and those only in use, each with its count, by name. */
export async function listTags(): Promise<Tag[]> {
  const data = await query<{
    searchAcrossEntities: { searchResults: { entity: Tag }[] };
    aggregateAcrossEntities: { facets: { field: string; aggregations: { value: string; count: number }[] }[] };
  }>(LIST);
  const used = new Map((data.aggregateAcrossEntities.facets.find((f) => f.field === 'tags')?.aggregations ?? []).map((a) => [a.value, a.count]));
  const created = data.searchAcrossEntities.searchResults.map((r) => ({ ...r.entity, uses: used.get(r.entity.urn) ?? 0 }));
  const known = new Set(created.map((t) => t.urn));
  const onlyUsed = [...used].filter(([urn]) => !known.has(urn)).map(([urn, uses]): Tag => ({ urn, properties: null, uses }));
  return [...created, ...onlyUsed].sort((a, b) => tagLabel(a).localeCompare(tagLabel(b)));
}

/** A tag's name, or its id when it was never created (`urn:li:tag:pii` → `pii`). */
export const tagLabel = (t: { urn: string; properties: { name: string } | null }): string => t.properties?.name || t.urn.replace(/^urn:li:tag:/, '');

export async function createTag(input: { id?: string; name: string; description?: string }): Promise<string> {
  const data = await mutate<{ createTag: string }>(`mutation create($input: CreateTagInput!) { createTag(input: $input) }`, { input });
  return data.createTag;
}

export async function updateTag(urn: string, input: { name?: string; description?: string }): Promise<void> {
  await mutate(`mutation update($urn: String!, $input: TagUpdateInput!) { updateTag(urn: $urn, input: $input) { urn } }`, { urn, input });
}

export async function setTagColor(urn: string, colorHex: string): Promise<void> {
  await mutate(`mutation color($urn: String!, $colorHex: String!) { setTagColor(urn: $urn, colorHex: $colorHex) }`, { urn, colorHex });
}

export async function deleteTag(urn: string): Promise<void> {
  await mutate(`mutation del($urn: String!) { deleteTag(urn: $urn) }`, { urn });
}

export interface TagTarget {
  resourceUrn: string;
  /** A column's field path, for tags on a dataset column. */
  subResource?: string;
}

const association = (tagUrn: string, t: TagTarget) => ({
  tagUrn,
  resourceUrn: t.resourceUrn,
  ...(t.subResource ? { subResourceType: 'DATASET_FIELD', subResource: t.subResource } : {}),
});

export async function addTag(tagUrn: string, target: TagTarget): Promise<void> {
  await mutate(`mutation add($input: TagAssociationInput!) { addTag(input: $input) }`, { input: association(tagUrn, target) });
}

export async function removeTag(tagUrn: string, target: TagTarget): Promise<void> {
  await mutate(`mutation remove($input: TagAssociationInput!) { removeTag(input: $input) }`, { input: association(tagUrn, target) });
}

/** A tag id from a name typed by the user: lower case, words joined by dashes. */
export const tagIdOf = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
