/**
 * REST for history and events: an entity's history and the catalog's (v3), an entity's aspects at a time, the
 * original's timeline shape, and the original's event poll with named consumers. Each route is one call of the
 * operations in catalog/history.
 */
import { entityAsOf, MAX_HISTORY_PAGE, readHistory, timeParam, type HistoryQuery } from '../catalog/history/read-history.js';
import { pollEvents, readConsumerOffset, storeConsumerOffset } from '../catalog/history/poll-events.js';
import { toChangeTransactions } from '../catalog/history/entity-change-event.js';
import { runRetention, type RetentionDeps } from '../catalog/history/retention.js';
import { sendJson } from '../wire/json.js';
import { enumParam, intParam, listParam, stringParam, type ParamSource } from '../wire/params.js';
import type { Call, Route } from '../wire/route.js';

function historyQuery(c: ParamSource, urn?: string): HistoryQuery {
  return {
    urn: urn ?? stringParam(c, 'urn'),
    startTime: timeParam('startTime', stringParam(c, 'startTime')),
    endTime: timeParam('endTime', stringParam(c, 'endTime')),
    categories: listParam(c, 'categories', 'category'),
    actors: listParam(c, 'actor', 'actors'),
    modifiers: [...listParam(c, 'propertyUrn'), ...listParam(c, 'tagUrn'), ...listParam(c, 'modifier')],
    fieldPath: stringParam(c, 'fieldPath'),
    count: intParam(c, 'count', 100, 1),
    cursor: stringParam(c, 'cursor'),
    order: enumParam(c, 'order', ['asc', 'desc'] as const),
  };
}

/** The original timeline reads every change in the window, oldest first, in pages of the largest size. */
async function allChanges(deps: RetentionDeps, actor: string, q: HistoryQuery) {
  const out = [];
  let cursor: string | undefined;
  do {
    const page = await readHistory(deps, actor, { ...q, count: MAX_HISTORY_PAGE, cursor });
    out.push(...page.changes);
    cursor = page.cursor;
  } while (cursor);
  return out;
}

export function historyRoutes(deps: RetentionDeps): Route[] {
  const json = (status: number, fn: (call: Call) => Promise<unknown>): Route['handle'] => async (call) => sendJson(call.res, status, await fn(call));
  return [
    { method: 'GET', path: '/openapi/v3/timeline/:urn', handle: json(200, (c) => readHistory(deps, c.actor, historyQuery(c, c.params.urn))) },
    { method: 'GET', path: '/openapi/v3/history', handle: json(200, (c) => readHistory(deps, c.actor, historyQuery(c))) },
    { method: 'GET', path: '/openapi/v3/timeline/:urn/as-of', handle: json(200, (c) => entityAsOf(deps, c.actor, c.params.urn, timeParam('time', stringParam(c, 'time')))) },
    {
      method: 'GET',
      path: '/openapi/timeline/v1/:urn',
      handle: json(200, async (c) => {
        const q = historyQuery(c, c.params.urn);
        // The original names the window `startTime`/`endTime` (milliseconds); older builds say `start`/`end`.
        q.startTime ??= timeParam('start', stringParam(c, 'start'));
        q.endTime ??= timeParam('end', stringParam(c, 'end'));
        return toChangeTransactions(await allChanges(deps, c.actor, q));
      }),
    },
    {
      method: 'GET',
      path: '/openapi/v1/events/poll',
      handle: json(200, (c) =>
        pollEvents(deps, c.actor, {
          topic: stringParam(c, 'topic'),
          offsetId: stringParam(c, 'offsetId'),
          limit: intParam(c, 'limit', 100, 1),
          pollTimeoutSeconds: intParam(c, 'pollTimeoutSeconds', 5, 0),
          lookbackWindowDays: c.query.lookbackWindowDays === undefined ? undefined : intParam(c, 'lookbackWindowDays', 0, 0),
          consumer: stringParam(c, 'consumer'),
        }),
      ),
    },
    { method: 'POST', path: '/openapi/v3/events/retention/run', handle: json(200, (c) => runRetention(deps, c.actor)) },
    { method: 'GET', path: '/openapi/v1/events/consumers/:name', handle: json(200, (c) => readConsumerOffset(deps, c.actor, c.params.name)) },
    { method: 'PUT', path: '/openapi/v1/events/consumers/:name', gate: 'self', handle: json(200, (c) => storeConsumerOffset(deps, c.actor, c.params.name, (c.body as { offsetId?: unknown } | undefined)?.offsetId)) },
  ];
}
