/** Why a search hit matched, in words: "column customer_email", "tag PII", "description" — from its matchedFields. */

import type { MatchedField } from '../api/search-queries';

/** The part of a URN after its type: `urn:li:corpuser:jane` → `jane`, `urn:li:tag:pii` → `pii`. */
const idOf = (urn: string): string => /^urn:li:[^:]+:(.*)$/.exec(urn)?.[1] ?? urn;

/** The name of what a matched URN names: its entity's, else one the hit itself shows (`known`), else the URN's id. */
function nameOf(m: MatchedField, known: ReadonlyMap<string, string>): string {
  return m.entity?.properties?.name || m.entity?.name || known.get(m.value) || idOf(m.value);
}

function labelOf(m: MatchedField, known: ReadonlyMap<string, string>): string {
  switch (m.name) {
    case 'name':
    case 'qualifiedName':
    case 'urn':
      return 'name';
    case 'description':
      return 'description';
    case 'fieldPaths':
      return `column ${m.value}`;
    case 'tags':
      return `tag ${nameOf(m, known)}`;
    case 'fieldTags':
    case 'editedFieldTags':
      return `column tag ${nameOf(m, known)}`;
    case 'glossaryTerms':
      return `term ${nameOf(m, known)}`;
    case 'owners':
      return `owner ${idOf(m.value)}`;
    default:
      return m.name;
  }
}

/** One label per reason, in the order the engine gave them, each once. `known` maps URNs the hit shows to their names. */
export function toMatchLabels(fields: readonly MatchedField[], known: ReadonlyMap<string, string> = new Map()): string[] {
  return [...new Set(fields.map((m) => labelOf(m, known)))];
}

/** A query that matches everything explains nothing. */
export const explainsMatches = (query: string): boolean => !['', '*'].includes(query.trim());
