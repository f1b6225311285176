/**
 * The one source of how structured property values are mapped in entity indices: the mapping of each value kind, and
 * the dynamic templates derived from it (for fields written before or without an explicit put-mapping).
 */
import type { ValueKind } from '../model/value-types.js';

/** The longest value (in UTF-16 units) the keyword index holds; longer ones are kept apart (see `LONG_VALUES_FIELD`). */
export const KEYWORD_LIMIT = 8191;

/** The search fields beside `structuredProperties` that keep property rules exact for values of any length. */
export const LENGTHS_FIELD = 'structuredPropertyLengths';
export const LONG_VALUES_FIELD = 'structuredPropertiesLong';

/**
 * Entities holding a value in a property field: indexed by the keyword index, or (a text value too long for it) known
 * by its length. Other fields: plain presence.
 */
export function hasValueQuery(path: string): Record<string, unknown> {
  if (!path.startsWith(PROPERTY_PREFIX)) return { exists: { field: path } };
  return { bool: { should: [{ exists: { field: path } }, { exists: { field: companionPath(path, LENGTHS_FIELD) } }], minimum_should_match: 1 } };
}

const PROPERTY_PREFIX = 'structuredProperties.';

/** A property field's companion path: `structuredProperties.x` → `<companion>.x`. */
export const companionPath = (path: string, companion: typeof LENGTHS_FIELD | typeof LONG_VALUES_FIELD): string => `${companion}.${path.slice(PROPERTY_PREFIX.length)}`;

/** The property field a companion path belongs to (`structuredPropertyLengths.x` → `structuredProperties.x`), if it is one. */
export function propertyPathOfCompanion(path: string): string | undefined {
  for (const companion of [LENGTHS_FIELD, LONG_VALUES_FIELD]) if (path.startsWith(`${companion}.`)) return `${PROPERTY_PREFIX}${path.slice(companion.length + 1)}`;
  return undefined;
}

/** number → double, date → date, string/urn → keyword, rich_text → text with a keyword sub-field for facets. */
export function fieldMappingOf(kind: ValueKind | undefined): Record<string, unknown> {
  switch (kind) {
    case 'number':
      return { type: 'double' };
    case 'date':
      return { type: 'date', format: 'yyyy-MM-dd||epoch_millis' };
    case 'rich_text':
      return { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: KEYWORD_LIMIT } } };
    default:
      return { type: 'keyword', ignore_above: KEYWORD_LIMIT };
  }
}

/** Versioned fields end in their kind (`…<version>.<kind>`); plain ones are recognised by the JSON type of the value. */
export function propertyDynamicTemplates(): Record<string, unknown>[] {
  const versioned = (['number', 'date', 'rich_text'] as const).map((kind) => ({
    [`sp_versioned_${kind}`]: { path_match: `structuredProperties._versioned.*.${kind}`, mapping: fieldMappingOf(kind) },
  }));
  return [
    ...versioned,
    { sp_numbers: { path_match: 'structuredProperties.*', match_mapping_type: 'double', mapping: fieldMappingOf('number') } },
    { sp_integers: { path_match: 'structuredProperties.*', match_mapping_type: 'long', mapping: fieldMappingOf('number') } },
    { sp_strings: { path_match: 'structuredProperties.*', match_mapping_type: 'string', mapping: fieldMappingOf('string') } },
  ];
}
