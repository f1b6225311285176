/** The allow-list of built-in search fields: the user-facing name, its index field and how values are typed. */
import type { BareWordPlan } from '../../search/bare-words.js';
import type { FieldKind } from '../../search/resolved-field.js';

export interface BuiltinField {
  path: string;
  kind: FieldKind;
  textPath?: string;
  normalise?: (text: string) => string;
  contains?: boolean;
  facetPath?: string;
}

/** A bare id is the URN a person means: `hive` → `urn:li:dataPlatform:hive` (a whole URN, or a pattern starting with `*`, is kept). */
const urnOf = (prefix: string) => (text: string) => (text.startsWith('urn:') || text.startsWith('*') ? text : `${prefix}${text}`);
const PLATFORM = urnOf('urn:li:dataPlatform:');
const TAG = urnOf('urn:li:tag:');
const TERM = urnOf('urn:li:glossaryTerm:');

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
  // Glossary terms by id or URN; owners by id (`alice`, a user or a group) or URN — the index compares ids, any case.
  terms: { path: 'terms', kind: 'keyword', normalise: TERM },
  glossaryTerms: { path: 'terms', kind: 'keyword', normalise: TERM },
  owners: { path: 'owners.id', kind: 'keyword', facetPath: 'owners' },
  owner: { path: 'owners.id', kind: 'keyword', facetPath: 'owners' },
  // The structured properties an entity holds values of (as stored: a soft-deleted one too); a facet on it ranks properties by use.
  propertyUrns: { path: 'propertyUrns', kind: 'keyword' },
  // The container an entity sits in directly, by id or URN.
  container: { path: 'container', kind: 'keyword', normalise: urnOf('urn:li:container:') },
  domains: { path: 'domains', kind: 'keyword', normalise: urnOf('urn:li:domain:') },
  domain: { path: 'domains', kind: 'keyword', normalise: urnOf('urn:li:domain:') },
  _entityType: { path: 'entityType', kind: 'keyword' },
  entityType: { path: 'entityType', kind: 'keyword' },
};

/** Fields that exist in the index but are implementation detail: naming them is refused as internal, not unknown. */
const INTERNAL = new Set(['aspects', 'searchText', 'qualifiedNameKey', 'valueType', 'propertyEntityTypes', 'createdTime', 'lastModifiedTime', 'generation']);

export function isInternalField(name: string): boolean {
  return name.startsWith('_') || INTERNAL.has(name.split('.')[0]);
}

/**
 * What a bare word searches, best tier first: the whole name, its last dotted part (`orders` is `sales.orders`), a
 * word of the name, the start of a word of the name, a column (its path split into words: `email` finds
 * `customer_email`, `order id` finds `orderId`), a tag or glossary term, a column's tag, the description, the
 * qualified name and URN parts, an owner; then one typo (in the last part of a name, a word of a name, a column, a
 * tag, a description). Several words all in one place score more. Structured property values are never searched by bare words.
 */
export const BARE_WORDS: BareWordPlan = {
  places: [
    { path: 'name.exact', how: 'exact', tier: 100, label: 'name' },
    { path: 'name.leaf', how: 'exact', tier: 90, label: 'name' },
    { path: 'name.text', how: 'words', tier: 60, label: 'name' },
    { path: 'name.prefix', how: 'words', tier: 40, label: 'name' },
    { path: 'fieldPaths.words', how: 'words', tier: 20, label: 'fieldPaths' },
    { path: 'tags.words', how: 'words', tier: 16, label: 'tags' },
    { path: 'terms.words', how: 'words', tier: 16, label: 'glossaryTerms' },
    { path: 'fieldTags.words', how: 'words', tier: 12, label: 'fieldTags' },
    { path: 'editedFieldTags.words', how: 'words', tier: 12, label: 'editedFieldTags' },
    { path: 'description', how: 'words', tier: 8, label: 'description' },
    { path: 'searchText', how: 'words', tier: 6, label: 'urn' },
    { path: 'owners.words', how: 'words', tier: 4, label: 'owners' },
  ],
  typos: {
    minLength: 4,
    places: [
      { path: 'name.leaf', how: 'words', tier: 3.8, label: 'name' },
      { path: 'name.text', how: 'words', tier: 3.5, label: 'name' },
      { path: 'fieldPaths.words', how: 'words', tier: 3, label: 'fieldPaths' },
      { path: 'tags.words', how: 'words', tier: 2.5, label: 'tags' },
      { path: 'terms.words', how: 'words', tier: 2.5, label: 'glossaryTerms' },
      { path: 'description', how: 'words', tier: 2, label: 'description' },
    ],
  },
  together: [
    { path: 'name.text', how: 'words', tier: 100, label: 'name' },
    { path: 'fieldPaths.words', how: 'words', tier: 30, label: 'fieldPaths' },
    { path: 'description', how: 'words', tier: 10, label: 'description' },
  ],
};

export const SEARCHABLE_FIELD_LIST = `${Object.keys(BUILTIN_FIELDS).join(', ')}, structuredProperties.<qualified name>`;
