import { describe, expect, it } from 'vitest';
import { sortClauses } from '../../src/catalog/sort-clauses.js';

describe('sort clauses', () => {
  it('allow-list the sortable fields, any letter case, with the URN as tie-breaker', () => {
    expect(sortClauses(['Name'], 'DESCENDING')).toEqual([{ name: { order: 'desc', missing: '_first' } }, { urn: { order: 'desc', missing: '_first' } }]);
    expect(() => sortClauses(['__proto__'], undefined)).toThrow(/Cannot sort by __proto__/);
  });

  it("take the original's lastOperationTime as the entity's last change in the catalog", () => {
    expect(sortClauses(['lastOperationTime'], 'DESCENDING')[0]).toEqual({ lastModifiedTime: { order: 'desc', missing: '_first' } });
  });
});
