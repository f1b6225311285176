/** Turns user sort fields into OpenSearch sort clauses from an allow-list, with the URN as a unique tie-breaker. */
import { validationError } from '../errors.js';

// A Map, not an object literal: user input must never reach prototype keys such as `__proto__`.
const SORTABLE = new Map([['urn', 'urn'], ['name', 'name'], ['createdtime', 'createdTime'], ['lastmodifiedtime', 'lastModifiedTime'], ['qualifiedname', 'qualifiedName']]);

export function sortClauses(sort: string[] | undefined, order: 'ASCENDING' | 'DESCENDING' | undefined): object[] {
  const dir = order === 'DESCENDING' ? 'desc' : 'asc';
  const fields = (sort && sort.length > 0 ? sort : ['urn']).map((s) => {
    const f = SORTABLE.get(s.toLowerCase());
    if (!f) throw validationError(`Cannot sort by ${s}; sortable fields: ${[...SORTABLE.values()].join(', ')}`);
    return f;
  });
  if (!fields.includes('urn')) fields.push('urn'); // a unique tie-breaker keeps paging stable
  return fields.map((f) => ({ [f]: { order: dir, missing: dir === 'asc' ? '_last' : '_first' } }));
}
