/**
 * Rolling up dataset usage points (datasetUsageStatistics) read for a window: the totals the original's usage query
 * answers beside its buckets — users and fields summed across the points, the queries counted. Pure: points in, sums out.
 */
import type { z } from 'zod';
import type { DatasetUsageStatisticsSchema } from '../../model/aspects/timeseries.js';

type UsagePoint = z.infer<typeof DatasetUsageStatisticsSchema>;

export interface UserUsage {
  user: string;
  count: number;
  userEmail?: string;
}

export interface FieldUsage {
  fieldPath: string;
  count: number;
}

export interface UsageTotals {
  /** Distinct users the points list; when none lists its users, the largest count a point gives (a lower bound). */
  uniqueUserCount: number | null;
  totalSqlQueries: number | null;
  /** By user, counts summed, most first (then by URN). */
  users: UserUsage[];
  /** By column, counts summed, most first (then by path). */
  fields: FieldUsage[];
}

const byCount = <T>(key: (t: T) => string) => (a: T & { count: number }, b: T & { count: number }) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

export function aggregateUsage(points: readonly UsagePoint[]): UsageTotals {
  const users = new Map<string, UserUsage>();
  const fields = new Map<string, number>();
  let queries: number | null = null;
  let largestUnique: number | null = null;
  for (const p of points) {
    if (p.totalSqlQueries !== undefined) queries = (queries ?? 0) + p.totalSqlQueries;
    if (p.uniqueUserCount !== undefined) largestUnique = Math.max(largestUnique ?? 0, p.uniqueUserCount);
    for (const u of p.userCounts ?? []) {
      const known = users.get(u.user) ?? { user: u.user, count: 0 };
      known.count += u.count ?? 0;
      if (u.userEmail && !known.userEmail) known.userEmail = u.userEmail;
      users.set(u.user, known);
    }
    for (const f of p.fieldCounts ?? []) fields.set(f.fieldPath, (fields.get(f.fieldPath) ?? 0) + f.count);
  }
  return {
    uniqueUserCount: users.size > 0 ? users.size : largestUnique,
    totalSqlQueries: queries,
    users: [...users.values()].sort(byCount((u: UserUsage) => u.user)),
    fields: [...fields].map(([fieldPath, count]) => ({ fieldPath, count })).sort(byCount((f: FieldUsage) => f.fieldPath)),
  };
}
