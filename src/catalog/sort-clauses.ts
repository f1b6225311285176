/** Turns user sort fields into OpenSearch sort clauses from an allow-list, with the URN as a unique tie-breaker. */
import { validationError } from '../errors.js';

// A Map, not an object literal: user input must never reach prototype keys such as `__proto__`.
const SORTABLE = new Map([['relevance', '_score'], ['urn', 'urn'], ['name', 'name'], ['createdtime', 'createdTime'], ['lastmodifiedtime', 'lastModifiedTime'], ['qualifiedname', 'qualifiedName']]);
/**
 * The original's clients' sort names, onto Tessera's own fields: its `lastOperationTime` (the last change seen in the
 * source, which Tessera does not index apart) sorts by the last change of the entity in the catalog.
 */
const ALIASES = new Map([['lastoperationtime', 'lastModifiedTime']]);

export function sortClauses(sort: string[] | undefined, order: 'ASCENDING' | 'DESCENDING' | undefined): object[] {
  const dir = order === 'DESCENDING' ? 'desc' : 'asc';
  const fields = (sort && sort.length > 0 ? sort : ['urn']).map((s) => {
    const f = SORTABLE.get(s.toLowerCase()) ?? ALIASES.get(s.toLowerCase());
    if (!f) throw validationError(`Cannot sort by ${s}; sortable fields: ${[...SORTABLE.values()].map((v) => (v === '_score' ? 'relevance' : v)).join(', ')}`);
    return f;
  });
  if (!fields.includes('urn')) fields.push('urn'); // a unique tie-breaker keeps paging stable
  // Relevance is best first whatever the order of the other keys.
  return fields.map((f) => (f === '_score' ? { _score: { order: 'desc' } } : { [f]: { order: dir, missing: dir === 'asc' ? '_last' : '_first' } }));
}
