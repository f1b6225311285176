/** The allow-list of built-in search fields: the user-facing name, its index field and how values are typed. */
import type { FieldKind } from '../../search/resolved-field.js';

export interface BuiltinField {
  path: string;
  kind: FieldKind;
  textPath?: string;
  normalise?: (text: string) => string;
  contains?: boolean;
}

/** A bare id is the URN a person means: `hive` → `urn:li:dataPlatform:hive` (a whole URN, or a pattern starting with `*`, is kept). */
const urnOf = (prefix: string) => (text: string) => (text.startsWith('urn:') || text.startsWith('*') ? text : `${prefix}${text}`);
const PLATFORM = urnOf('urn:li:dataPlatform:');
const TAG = urnOf('urn:li:tag:');

export const BUILTIN_FIELDS: Readonly<Record<string, BuiltinField>> = {
  urn: { path: 'urn', kind: 'keyword' },
  name: { path: 'name', kind: 'keyword', textPath: 'name.text' },
  description: { path: 'description', kind: 'text' },
  platform: { path: 'platform', kind: 'keyword', normalise: PLATFORM },
  origin: { path: 'origin', kind: 'keyword', normalise: (text) => text.toUpperCase() },
  removed: { path: 'removed', kind: 'boolean' },
  tags: { path: 'tags', kind: 'keyword', normalise: TAG },
  // Everyday names: `tag:pii` as `tags:pii`, `column:email` for any column whose path contains the word.
  tag: { path: 'tags', kind: 'keyword', normalise: TAG },
  fieldTags: { path: 'fieldTags', kind: 'keyword', normalise: TAG },
  editedFieldTags: { path: 'editedFieldTags', kind: 'keyword', normalise: TAG },
  fieldPaths: { path: 'fieldPaths', kind: 'keyword' },
  column: { path: 'fieldPaths', kind: 'keyword', contains: true },
  qualifiedName: { path: 'qualifiedName', kind: 'keyword' },
  // The structured properties an entity holds values of (as stored: a soft-deleted one too); a facet on it ranks properties by use.
  propertyUrns: { path: 'propertyUrns', kind: 'keyword' },
  _entityType: { path: 'entityType', kind: 'keyword' },
  entityType: { path: 'entityType', kind: 'keyword' },
};

/** Fields that exist in the index but are implementation detail: naming them is refused as internal, not unknown. */
const INTERNAL = new Set(['aspects', 'searchText', 'qualifiedNameKey', 'valueType', 'propertyEntityTypes', 'createdTime', 'lastModifiedTime', 'generation']);

export function isInternalField(name: string): boolean {
  return name.startsWith('_') || INTERNAL.has(name.split('.')[0]);
}

/** Free text (a bare term in a query string) searches these analysed fields; structured property values are never among them. */
export const DEFAULT_TEXT_FIELDS = ['searchText', 'name.text'];

export const SEARCHABLE_FIELD_LIST = `${Object.keys(BUILTIN_FIELDS).join(', ')}, structuredProperties.<qualified name>`;
