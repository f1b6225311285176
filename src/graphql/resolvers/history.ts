/** GraphQL adapters of history: the original's `getTimeline`, `history` across the catalog, and `history` on entities. */
import { describeChange, toChangeTransactions } from '../../catalog/history/entity-change-event.js';
import { MAX_HISTORY_PAGE, readHistory, type HistoryQuery } from '../../catalog/history/read-history.js';
import { changesSomething, type ChangeRecord } from '../../catalog/history/change-record.js';
import type { GraphqlContext } from '../context.js';
import type { EntityRef } from '../entity-loader.js';

type Args<T> = (_: unknown, args: T, ctx: GraphqlContext) => unknown;
const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
const entries = (o: Record<string, unknown> | undefined) => (o ? Object.entries(o).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })) : null);

/** GraphQL's ChangeEvent from a change record (or the original timeline's change event built from it). */
function changeEvent(r: ChangeRecord & { seq?: number | null }, shown?: Record<string, any>) {
  return {
    urn: shown?.target ?? r.urn,
    category: r.category,
    operation: r.operation,
    modifier: r.modifier ?? null,
    parameters: entries(shown?.parameters),
    auditStamp: { time: r.time, actor: r.actor },
    description: shown?.description ?? describeChange(r),
    id: r.id,
    seq: r.seq ?? null,
    version: r.version ?? null,
    aspect: r.aspect,
    fieldPath: r.fieldPath ?? null,
    before: json(r.before),
    after: json(r.after),
    tokenId: r.tokenId ?? null,
    via: r.via,
    rule: r.rule ?? null,
    setBy: r.setBy ? { actor: r.setBy.actor, source: r.setBy.source ?? null } : null,
  };
}

const page = async (ctx: GraphqlContext, q: HistoryQuery) => {
  const found = await readHistory(ctx.services, ctx.actor, q);
  return { count: found.count, cursor: found.cursor ?? null, changes: found.changes.map((r) => changeEvent(r)) };
};

const getTimeline: Args<{ input: { urn: string; changeCategories?: string[]; startTimeMillis?: number; endTimeMillis?: number } }> = async (_a, { input }, ctx) => {
  const records: ChangeRecord[] = [];
  let cursor: string | undefined;
  do {
    const found = await readHistory(ctx.services, ctx.actor, { urn: input.urn, categories: input.changeCategories, startTime: input.startTimeMillis, endTime: input.endTimeMillis, count: MAX_HISTORY_PAGE, cursor });
    records.push(...found.changes.filter(changesSomething));
    cursor = found.cursor;
  } while (cursor);
  const transactions = toChangeTransactions(records);
  let at = 0;
  return {
    changeTransactions: transactions.map((t: Record<string, any>) => ({
      timestampMillis: t.timestamp,
      lastSemanticVersion: t.semVer,
      versionStamp: t.versionStamp,
      changeType: t.changeEvents[0].changeType,
      changes: t.changeEvents.map((e: Record<string, any>) => changeEvent(records[at++], e)),
    })),
  };
};

interface HistoryArgs {
  urn?: string;
  categories?: string[];
  actors?: string[];
  modifiers?: string[];
  startTimeMillis?: number;
  endTimeMillis?: number;
  count?: number;
  cursor?: string;
  newestFirst?: boolean;
}

const history: Args<{ input: HistoryArgs }> = (_a, { input }, ctx) =>
  page(ctx, {
    urn: input.urn,
    categories: input.categories,
    actors: input.actors,
    modifiers: input.modifiers,
    startTime: input.startTimeMillis,
    endTime: input.endTimeMillis,
    count: input.count,
    cursor: input.cursor,
    order: input.newestFirst ? 'desc' : 'asc',
  });

const entityHistory = (ref: EntityRef, { input }: { input?: { categories?: string[]; count?: number; cursor?: string; oldestFirst?: boolean } }, ctx: GraphqlContext) =>
  page(ctx, { urn: ref.urn, categories: input?.categories, count: input?.count ?? 20, cursor: input?.cursor, order: input?.oldestFirst ? 'asc' : 'desc' });

export const historyResolvers = {
  Query: { getTimeline, history },
  Dataset: { history: entityHistory },
  Tag: { history: entityHistory },
  StructuredPropertyEntity: { history: entityHistory },
};
