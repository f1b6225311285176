/**
 * The one source of how structured property values are mapped in entity indices: the mapping of each value kind, and
 * the dynamic templates derived from it (for fields written before or without an explicit put-mapping).
 */
import type { ValueKind } from '../model/value-types.js';

/** number → double, date → date, string/urn → keyword, rich_text → text with a keyword sub-field for facets. */
export function fieldMappingOf(kind: ValueKind | undefined): Record<string, unknown> {
  switch (kind) {
    case 'number':
      return { type: 'double' };
    case 'date':
      return { type: 'date', format: 'yyyy-MM-dd||epoch_millis' };
    case 'rich_text':
      return { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 8191 } } };
    default:
      return { type: 'keyword', ignore_above: 8191 };
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
