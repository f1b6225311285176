/** Rolling up dataset usage points: users and columns summed across points, most first; queries summed. */
import { describe, expect, it } from 'vitest';
import { aggregateUsage } from '../../src/catalog/timeseries/usage-aggregation.js';

const point = (t: number, extra: Record<string, unknown>) => ({ timestampMillis: t, ...extra });

describe('aggregateUsage', () => {
  it('sums users by URN and columns by path, most first (then by name), and the queries', () => {
    const totals = aggregateUsage([
      point(2, { totalSqlQueries: 4, userCounts: [{ user: 'urn:li:corpuser:bob', count: 1 }, { user: 'urn:li:corpuser:ann', count: 3, userEmail: 'ann@x' }], fieldCounts: [{ fieldPath: 'id', count: 4 }] }),
      point(1, { totalSqlQueries: 2, userCounts: [{ user: 'urn:li:corpuser:bob', count: 3 }, { user: 'urn:li:corpuser:cid' }], fieldCounts: [{ fieldPath: 'email', count: 4 }, { fieldPath: 'id', count: 1 }] }),
    ]);
    expect(totals).toEqual({
      uniqueUserCount: 3,
      totalSqlQueries: 6,
      users: [{ user: 'urn:li:corpuser:bob', count: 4 }, { user: 'urn:li:corpuser:ann', count: 3, userEmail: 'ann@x' }, { user: 'urn:li:corpuser:cid', count: 0 }],
      fields: [{ fieldPath: 'id', count: 5 }, { fieldPath: 'email', count: 4 }],
    });
  });

  it('without user lists, counts the largest unique-user count a point gives; nothing reported stays null', () => {
    expect(aggregateUsage([point(1, { uniqueUserCount: 4 }), point(2, { uniqueUserCount: 7 })])).toEqual({ uniqueUserCount: 7, totalSqlQueries: null, users: [], fields: [] });
    expect(aggregateUsage([])).toEqual({ uniqueUserCount: null, totalSqlQueries: null, users: [], fields: [] });
  });
});
