/** The allow-list of built-in search fields: the user-facing name, its index field and how values are typed. */
import type { FieldKind } from '../../search/resolved-field.js';

export interface BuiltinField {
  path: string;
  kind: FieldKind;
  textPath?: string;
}

export const BUILTIN_FIELDS: Readonly<Record<string, BuiltinField>> = {
  urn: { path: 'urn', kind: 'keyword' },
  name: { path: 'name', kind: 'keyword', textPath: 'name.text' },
  description: { path: 'description', kind: 'text' },
  platform: { path: 'platform', kind: 'keyword' },
  origin: { path: 'origin', kind: 'keyword' },
  removed: { path: 'removed', kind: 'boolean' },
  tags: { path: 'tags', kind: 'keyword' },
  fieldTags: { path: 'fieldTags', kind: 'keyword' },
  editedFieldTags: { path: 'editedFieldTags', kind: 'keyword' },
  fieldPaths: { path: 'fieldPaths', kind: 'keyword' },
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
