/** REST v3 for webhooks: subscriptions, their secrets, deliveries (the attempts log and dead letters) and replay. */
import {
  createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, replayDelivery, rotateWebhookSecret, updateWebhook, type WebhookDeps,
} from '../catalog/webhooks/manage-webhooks.js';
import { sendJson } from '../wire/json.js';
import { intParam, stringParam } from '../wire/params.js';
import type { Call, Route } from '../wire/route.js';

export function webhookRoutes(deps: WebhookDeps): Route[] {
  const json = (status: number, fn: (call: Call) => Promise<unknown>): Route['handle'] => async (call) => sendJson(call.res, status, await fn(call));
  const base = '/openapi/v3/webhooks';
  return [
    { method: 'GET', path: base, handle: json(200, (c) => listWebhooks(deps, c.actor)) },
    { method: 'POST', path: base, handle: json(201, (c) => createWebhook(deps, c.actor, c.body)) },
    { method: 'GET', path: `${base}/:id`, handle: json(200, (c) => getWebhook(deps, c.actor, c.params.id)) },
    { method: 'PUT', path: `${base}/:id`, handle: json(200, (c) => updateWebhook(deps, c.actor, c.params.id, c.body)) },
    { method: 'DELETE', path: `${base}/:id`, handle: json(200, (c) => deleteWebhook(deps, c.actor, c.params.id)) },
    { method: 'POST', path: `${base}/:id/rotate-secret`, handle: json(200, (c) => rotateWebhookSecret(deps, c.actor, c.params.id)) },
    {
      method: 'GET',
      path: `${base}/:id/deliveries`,
      handle: json(200, (c) => listDeliveries(deps, c.actor, c.params.id, { status: stringParam(c, 'status'), count: intParam(c, 'count', 100, 1), afterSeq: c.query.afterSeq === undefined ? undefined : intParam(c, 'afterSeq', 0) })),
    },
    { method: 'POST', path: `${base}/:id/deliveries/:eventId/replay`, handle: json(200, (c) => replayDelivery(deps, c.actor, c.params.id, c.params.eventId)) },
  ];
}
