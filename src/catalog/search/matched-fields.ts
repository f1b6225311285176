/**
 * Why a hit matched: the fields of the query that found it and the values they hold, as the original's `matchedFields`
 * answers them. Taken from the engine's highlighter over the fields bare words and field queries search (whole values,
 * no fragments), so a column is named by its path and a tag by its URN; computed only when a caller asks for it.
 */
export interface MatchedField {
  name: string;
  value: string;
}

const START = '\u0001';
const END = '\u0002';

/** Index field → the name a matched field is reported under. */
const REPORTED: Readonly<Record<string, string>> = {
  name: 'name',
  'name.text': 'name',
  'name.prefix': 'name',
  qualifiedName: 'qualifiedName',
  fieldPaths: 'fieldPaths',
  'fieldPaths.words': 'fieldPaths',
  tags: 'tags',
  'tags.words': 'tags',
  terms: 'glossaryTerms',
  'terms.words': 'glossaryTerms',
  fieldTags: 'fieldTags',
  'fieldTags.words': 'fieldTags',
  editedFieldTags: 'editedFieldTags',
  'editedFieldTags.words': 'editedFieldTags',
  description: 'description',
  owners: 'owners',
  // Compared by id (`owners:alice`): the highlighter answers the id, reported as the owner's URN (from doc values).
  'owners.id': 'owners',
  'owners.words': 'owners',
};

/** The highlight section of a search asking for matched fields. Long values are analysed only so far (never an error). */
export const MATCH_HIGHLIGHT = {
  pre_tags: [START],
  post_tags: [END],
  number_of_fragments: 0,
  require_field_match: true,
  max_analyzer_offset: 100_000,
  fields: Object.fromEntries(Object.keys(REPORTED).map((f) => [f, {}])),
};

const plain = (v: string) => v.replaceAll(START, '').replaceAll(END, '');

/** A hit's matched fields, each name and value once; a hit found by its URN's parts alone names its URN. */
/** Doc values a search asking for matched fields reads with its hits. */
export const MATCH_DOC_VALUES = ['owners'];

const idOf = (urn: string) => urn.replace(/^urn:li:[A-Za-z]+:/, '').toLowerCase();

type Hit = { highlight?: Record<string, string[]>; matched_queries?: string[]; fields?: Record<string, unknown[]> };

export function matchedFieldsOf(hit: Hit, urn: string): MatchedField[] {
  const out: MatchedField[] = [];
  const seen = new Set<string>();
  for (const [field, values] of Object.entries(hit.highlight ?? {})) {
    const name = REPORTED[field];
    if (!name) continue;
    for (const v of values) {
      const value = field === 'owners.id' ? String((hit.fields?.owners ?? []).find((o) => idOf(String(o)) === plain(v)) ?? plain(v)) : plain(v);
      const key = `${name}\u0000${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, value });
    }
  }
  if (out.length === 0 && hit.matched_queries?.includes('urn')) out.push({ name: 'urn', value: urn });
  return out;
}
