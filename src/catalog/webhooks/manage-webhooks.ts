/**
 * Webhook subscriptions: make (the secret is shown once), list, read, change, rotate the secret (the old one keeps
 * signing beside the new one for a day), delete; their deliveries (the attempts log and the dead letters) and replay.
 * MANAGE_WEBHOOKS for all of it; a new subscription starts after the newest event.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { notFound, validationError } from '../../errors.js';
import type { DeliveryDoc, DeliveryStatus, SubscriptionDoc, WebhookStore } from '../../storage/webhook-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { allowedHosts, checkTarget } from './target-guard.js';
import { parseFilter } from './webhook-filter.js';

export interface WebhookDeps extends CatalogDeps {
  webhooks: WebhookStore;
  webhookSettings: { allowedHosts: string };
}

/** How long a replaced secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const STATUSES: DeliveryStatus[] = ['delivered', 'retrying', 'held', 'dead'];

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const authorize = (deps: CatalogDeps, actor: string) => deps.access.authorize(actor, 'MANAGE_WEBHOOKS', {}, 'webhooks');

/** A subscription as shown: its secrets are never shown again after creation and rotation. */
export function shownSubscription(doc: SubscriptionDoc) {
  const { secrets, ...rest } = doc;
  return { ...rest, secrets: secrets.length };
}

interface WebhookInput {
  url?: unknown;
  description?: unknown;
  filter?: unknown;
  enabled?: unknown;
}

function checkInput(body: unknown): WebhookInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('Send a JSON object: {url, filter?, description?, enabled?}');
  const unknown = Object.keys(body).filter((k) => !['url', 'description', 'filter', 'enabled'].includes(k));
  if (unknown.length > 0) throw validationError(`Unknown field(s) ${unknown.map((k) => `'${k}'`).join(', ')}; a webhook has url, filter, description, enabled`);
  const input = body as WebhookInput;
  if (input.description !== undefined && (typeof input.description !== 'string' || input.description.length > 1000)) throw validationError('description must be a string of at most 1000 characters');
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean') throw validationError('enabled must be true or false');
  return input;
}

export async function createWebhook(deps: WebhookDeps, actor: string, body: unknown) {
  await authorize(deps, actor);
  const input = checkInput(body);
  const url = (await checkTarget(input.url, allowedHosts(deps.webhookSettings.allowedHosts))).url;
  const now = Date.now();
  const doc: SubscriptionDoc = {
    kind: 'subscription',
    id: randomUUID(),
    url: url.toString(),
    ...(typeof input.description === 'string' && { description: input.description }),
    filter: parseFilter(input.filter),
    secrets: [{ secret: newSecret() }],
    enabled: input.enabled !== false,
    position: await deps.events.lastSeq(),
    createdBy: actor,
    createdAt: now,
    updatedAt: now,
  };
  await deps.webhooks.createSubscription(doc);
  return { ...shownSubscription(doc), secret: doc.secrets[0].secret };
}

async function existing(deps: WebhookDeps, id: string) {
  const found = await deps.webhooks.getSubscription(id);
  if (!found) throw notFound(`Webhook ${id} does not exist`);
  return found;
}

async function change(deps: WebhookDeps, id: string, fn: (doc: SubscriptionDoc) => SubscriptionDoc): Promise<SubscriptionDoc> {
  const doc = await deps.webhooks.updateSubscription(id, fn);
  if (!doc) throw notFound(`Webhook ${id} does not exist`);
  return doc;
}

export async function listWebhooks(deps: WebhookDeps, actor: string) {
  await authorize(deps, actor);
  return { webhooks: (await deps.webhooks.listSubscriptions()).map(shownSubscription) };
}

export async function getWebhook(deps: WebhookDeps, actor: string, id: string) {
  await authorize(deps, actor);
  return shownSubscription((await existing(deps, id)).doc);
}

export async function updateWebhook(deps: WebhookDeps, actor: string, id: string, body: unknown) {
  await authorize(deps, actor);
  const input = checkInput(body);
  const url = input.url === undefined ? undefined : (await checkTarget(input.url, allowedHosts(deps.webhookSettings.allowedHosts))).url;
  const filter = input.filter === undefined ? undefined : parseFilter(input.filter);
  const doc = await change(deps, id, (d) => ({
    ...d,
    ...(url && { url: url.toString() }),
    ...(filter && { filter }),
    ...(typeof input.description === 'string' && { description: input.description }),
    // Enabling again clears why it was disabled.
    ...(typeof input.enabled === 'boolean' && { enabled: input.enabled, ...(input.enabled && { disabledReason: undefined }) }),
  }));
  return shownSubscription(doc);
}

export async function rotateWebhookSecret(deps: WebhookDeps, actor: string, id: string) {
  await authorize(deps, actor);
  const secret = newSecret();
  const until = Date.now() + ROTATION_OVERLAP_MS;
  const doc = await change(deps, id, (d) => ({ ...d, secrets: [{ secret }, ...d.secrets.filter((s) => !s.until || s.until > Date.now()).slice(0, 1).map((s) => ({ ...s, until }))] }));
  return { ...shownSubscription(doc), secret, previousSecretValidUntil: until };
}

export async function deleteWebhook(deps: WebhookDeps, actor: string, id: string) {
  await authorize(deps, actor);
  if (!(await deps.webhooks.deleteSubscription(id))) throw notFound(`Webhook ${id} does not exist`);
  return { deleted: id };
}

export async function listDeliveries(deps: WebhookDeps, actor: string, id: string, opts: { status?: string; count?: number; afterSeq?: number }) {
  await authorize(deps, actor);
  await existing(deps, id);
  const status = opts.status === undefined ? undefined : STATUSES.find((s) => s === opts.status);
  if (opts.status !== undefined && !status) throw validationError(`status must be one of ${STATUSES.join(', ')}`);
  const deliveries: DeliveryDoc[] = await deps.webhooks.deliveries(id, status && [status], Math.min(opts.count ?? 100, 1000), opts.afterSeq);
  return { webhook: id, count: deliveries.length, deliveries };
}

/** Sends a dead (or still retrying) delivery again at once; its attempts log is kept. */
export async function replayDelivery(deps: WebhookDeps, actor: string, id: string, eventId: string) {
  await authorize(deps, actor);
  await existing(deps, id);
  const delivery = await deps.webhooks.getDelivery(id, eventId);
  if (!delivery) throw notFound(`Webhook ${id} has no delivery of event ${eventId}`);
  if (delivery.status === 'delivered') throw validationError(`Event ${eventId} was delivered already; nothing to replay`);
  const next: DeliveryDoc = { ...delivery, status: 'retrying', failures: 0, nextAttemptAt: Date.now(), updatedAt: Date.now() };
  await deps.webhooks.putDelivery(next);
  return next;
}
