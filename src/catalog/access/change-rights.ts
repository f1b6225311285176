/**
 * What a write needs the right to do, decided on what changes: the stored value of an aspect against the new one.
 * Re-sending a whole `globalTags` or `structuredProperties` aspect that keeps a value the actor may not touch needs no
 * right for that value; adding, changing or removing it does.
 */
import { LINEAGE_ASPECTS, LINEAGE_SOURCES } from '../../model/lineage-edges.js';
import { dequal } from 'dequal';
import type { Resource } from './access-state.js';
import type { Privilege } from './privileges.js';

export interface Right {
  privilege: Privilege;
  resource: Resource;
  /** What the right is needed for, for the refusal: `tag urn:li:tag:pii`, `column email`, `aspect datasetProperties`. */
  what: string;
}

type Obj = Record<string, any>;
const PLATFORM = /urn:li:dataPlatform:[^,)]+/;
const DOC_ASPECTS = new Set(['editableDatasetProperties', 'institutionalMemory']);

/** The resource an entity is: type, URN, platform (a column's is its dataset's), the tags it carries. */
export function entityResource(entityType: string, urn: string, aspects?: Obj): Resource {
  const tags = (aspects?.globalTags?.value?.tags as { tag?: unknown }[] | undefined)?.map((t) => String(t.tag)) ?? [];
  return { entityType, urn, platform: PLATFORM.exec(urn)?.[0], tags };
}

/** Items keyed by `key`, so two lists can be compared item by item whatever their order. */
function keyed(list: unknown, key: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(list)) for (const item of list) if (item && typeof item === 'object') out.set(String((item as Obj)[key]), item);
  return out;
}

/** The keys whose items were added, removed or changed (in `field`, when named) between two keyed lists. */
function changedKeys(before: unknown, after: unknown, key: string, field?: string): string[] {
  const a = keyed(before, key);
  const b = keyed(after, key);
  const out: string[] = [];
  const part = (v: unknown) => (field && v ? (v as Obj)[field] : v);
  for (const [k, v] of a) if (!b.has(k) || !dequal(part(v), part(b.get(k)))) out.push(k);
  for (const k of b.keys()) if (!a.has(k)) out.push(k);
  return out;
}

const tagRights = (privilege: Privilege, entity: Resource, before: Obj | undefined, after: Obj | undefined, where = ''): Right[] =>
  changedKeys(before?.tags, after?.tags, 'tag', 'tag').map((tagUrn) => ({ privilege, resource: { ...entity, tagUrn }, what: `tag ${tagUrn}${where}` }));

/** Column edits: tags per column, descriptions as documentation, anything else (glossary terms) as an entity edit. */
function columnRights(entity: Resource, before: Obj | undefined, after: Obj | undefined): Right[] {
  const out: Right[] = [];
  const a = keyed(before?.editableSchemaFieldInfo, 'fieldPath');
  const b = keyed(after?.editableSchemaFieldInfo, 'fieldPath');
  for (const path of changedKeys(before?.editableSchemaFieldInfo, after?.editableSchemaFieldInfo, 'fieldPath')) {
    const x = (a.get(path) ?? {}) as Obj;
    const y = (b.get(path) ?? {}) as Obj;
    out.push(...tagRights('EDIT_DATASET_COL_TAGS', entity, x.globalTags, y.globalTags, ` on column ${path}`));
    if (x.description !== y.description) out.push({ privilege: 'EDIT_ENTITY_DOCS', resource: entity, what: `the description of column ${path}` });
    if (!dequal(x.glossaryTerms, y.glossaryTerms)) out.push({ privilege: 'EDIT_ENTITY', resource: entity, what: `the glossary terms of column ${path}` });
  }
  return out;
}

const propertyRights = (entity: Resource, before: Obj | undefined, after: Obj | undefined): Right[] =>
  changedKeys(before?.properties, after?.properties, 'propertyUrn', 'values').map((propertyUrn) => ({
    privilege: 'EDIT_ENTITY_PROPERTIES',
    resource: { ...entity, propertyUrn },
    what: `values of ${propertyUrn}`,
  }));

/** Aspects that hold nothing but lineage (their column-level parts included). */
const LINEAGE_ONLY = new Set(['upstreamLineage', 'dataJobInputOutput']);

/**
 * Whether a change touches lineage only: an aspect holding nothing else, or nothing but the lineage lists (from the
 * edge model) of an aspect that holds more — a chart's or dashboard's info.
 */
function onlyLineageChanged(aspect: string, before: Obj | undefined, after: Obj | undefined): boolean {
  if (LINEAGE_ONLY.has(aspect)) return true;
  if (!LINEAGE_ASPECTS.includes(aspect) || !before || !after) return false;
  const lists = new Set(LINEAGE_SOURCES.filter((s) => s.aspect === aspect).map((s) => s.list));
  const rest = (v: Obj) => Object.fromEntries(Object.entries(v).filter(([k]) => !lists.has(k)));
  return dequal(rest(before), rest(after));
}

/**
 * The rights a change of one aspect needs (`after` undefined: the aspect is deleted). Definitions and tags as entities
 * are managed; annotations are checked value by value; documentation and status have their own privileges; every
 * other aspect is an entity edit.
 */
export function rightsForChange(entity: Resource, aspect: string, before: unknown, after: unknown): Right[] {
  if (dequal(before, after)) return [];
  const b = before as Obj | undefined;
  const a = after as Obj | undefined;
  if (entity.entityType === 'structuredProperty') return [{ privilege: 'MANAGE_STRUCTURED_PROPERTIES', resource: { ...entity, propertyUrn: entity.urn }, what: `the definition ${entity.urn}` }];
  if (entity.entityType === 'tag') return [{ privilege: 'MANAGE_TAGS', resource: { ...entity, tagUrn: entity.urn }, what: `the tag ${entity.urn}` }];
  // An annotation that changed in nothing a value right covers (a tag's context, stamps) needs the privilege itself.
  const orPlain = (rights: Right[], privilege: Privilege) => (rights.length ? rights : [{ privilege, resource: entity, what: `aspect ${aspect}` }]);
  switch (aspect) {
    case 'globalTags': {
      const privilege = entity.entityType === 'schemaField' ? 'EDIT_DATASET_COL_TAGS' : 'EDIT_ENTITY_TAGS';
      return orPlain(tagRights(privilege, entity, b, a), privilege);
    }
    case 'editableSchemaMetadata':
      return orPlain(columnRights(entity, b, a), 'EDIT_DATASET_COL_TAGS');
    case 'structuredProperties':
      return orPlain(propertyRights(entity, b, a), 'EDIT_ENTITY_PROPERTIES');
    case 'status':
      return [{ privilege: 'DELETE_ENTITY', resource: entity, what: `the status of ${entity.urn}` }];
  }
  if (DOC_ASPECTS.has(aspect)) return [{ privilege: 'EDIT_ENTITY_DOCS', resource: entity, what: `aspect ${aspect}` }];
  if (onlyLineageChanged(aspect, b, a)) return [{ privilege: 'EDIT_LINEAGE', resource: entity, what: `the lineage of ${entity.urn}` }];
  return [{ privilege: 'EDIT_ENTITY', resource: entity, what: `aspect ${aspect}` }];
}

/** The right a hard delete needs: definitions and tags are managed; other entities need DELETE_ENTITY. */
export function rightForDelete(entity: Resource): Right {
  if (entity.entityType === 'structuredProperty') return { privilege: 'MANAGE_STRUCTURED_PROPERTIES', resource: { ...entity, propertyUrn: entity.urn }, what: `deleting ${entity.urn}` };
  if (entity.entityType === 'tag') return { privilege: 'MANAGE_TAGS', resource: { ...entity, tagUrn: entity.urn }, what: `deleting ${entity.urn}` };
  return { privilege: 'DELETE_ENTITY', resource: entity, what: `deleting ${entity.urn}` };
}
