/**
 * Delivers change events to webhook subscriptions, signed as Standard Webhooks specify (`webhook-id` = the event's id,
 * stable across retries; `webhook-timestamp`; `webhook-signature` with every live secret). One process leads (a lease);
 * each subscription has its own worker, so a slow receiver delays only itself.
 *
 * Per entity, events arrive in order: while an entity's delivery is retrying, its later events are held and go after
 * it. A failure waits per the retry schedule (with jitter, and at least what `Retry-After` asks); after the schedule the
 * delivery is dead-lettered (replay sends it again); a 410 disables the subscription. Every attempt is logged on its
 * delivery. A subscription's position moves past an event once it is delivered, held or given up on.
 */
import { Webhook } from 'standardwebhooks';
import type { Logger } from '../logger.js';
import type { EventStore, StoredEvent } from '../storage/event-store.js';
import { StaleWrite, type JobStore, type Seq } from '../storage/job-store.js';
import type { Attempt, DeliveryDoc, SubscriptionDoc, WebhookStore } from '../storage/webhook-store.js';
import type { ChangeRecord } from '../catalog/history/change-record.js';
import { compileFilter, parseFilter } from '../catalog/webhooks/webhook-filter.js';
import { allowedHosts, checkTarget } from '../catalog/webhooks/target-guard.js';
import { fetchPinned } from '../catalog/webhooks/pinned-fetch.js';
import { leaseOwnerOf, runEvery, takeLease, type LeaseDoc } from './leader-lease.js';
import type { Metrics } from '../metrics/metrics.js';

const LEASE_ID = 'webhook-dispatcher';
const LEASE_MS = 10_000;
const RENEW_MS = 2_000;
const PAGE = 200;

export interface DispatcherDeps {
  metrics?: Pick<Metrics, 'webhookDeliveries'>;
  jobStore: JobStore;
  events: EventStore;
  webhooks: WebhookStore;
  log: Logger;
  instanceId: string;
  settings: { allowedHosts: string; timeoutMs: number; scheduleMs: number[] };
  /**
   * Why the actor that created a subscription may no longer receive events through it (it lost MANAGE_WEBHOOKS or
   * reading), decided on the current access rules before each round of deliveries; undefined while it may.
   */
  refusalFor?: (actor: string) => Promise<string | undefined>;
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), or 0. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 0;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function webhookPayload(e: StoredEvent): string {
  const r = e as unknown as ChangeRecord;
  return JSON.stringify({ type: `change.${r.category}.${r.operation}`.toLowerCase(), timestamp: new Date(r.time).toISOString(), data: e });
}

export class WebhookDispatcher {
  private loop?: { stop(): void };
  private lease?: { seq: Seq; renewedAt: number };
  private readonly workers = new Map<string, Promise<void>>();
  private readonly owner: string;

  constructor(private readonly deps: DispatcherDeps, private readonly everyMs = 250) {
    this.owner = leaseOwnerOf(deps.instanceId);
  }

  start(): this {
    this.loop = runEvery(() => this.tick(), this.everyMs, (e) => this.deps.log.warn({ err: e }, 'webhook dispatch round failed; retrying'));
    return this;
  }

  async stop(): Promise<void> {
    this.loop?.stop();
    await Promise.allSettled(this.workers.values());
    const lease = this.lease;
    this.lease = undefined;
    if (lease) await this.deps.jobStore.replace(LEASE_ID, this.leaseDoc(0), lease.seq).catch(() => undefined);
  }

  private leaseDoc(until = Date.now() + LEASE_MS): LeaseDoc & { type: string } {
    return { type: 'webhook-dispatcher', leaseOwner: this.owner, leaseUntil: until };
  }

  /** One round: leads if it can, and starts a worker for every enabled subscription that has none running. */
  async tick(): Promise<void> {
    if (!(await this.lead())) return;
    for (const sub of await this.deps.webhooks.listSubscriptions()) {
      if (!sub.enabled || this.workers.has(sub.id)) continue;
      const work = this.work(sub.id)
        .catch((e) => this.deps.log.warn({ err: e, webhook: sub.id }, 'webhook worker failed; retrying'))
        .finally(() => this.workers.delete(sub.id));
      this.workers.set(sub.id, work);
    }
  }

  /** One round, waiting for every worker it started (tests). */
  async drain(): Promise<void> {
    await this.tick();
    await Promise.allSettled(this.workers.values());
  }

  private async lead(): Promise<boolean> {
    const { jobStore } = this.deps;
    try {
      if (this.lease && Date.now() - this.lease.renewedAt < RENEW_MS) return true;
      if (this.lease) {
        this.lease = { seq: await jobStore.replace(LEASE_ID, this.leaseDoc(), this.lease.seq), renewedAt: Date.now() };
        return true;
      }
      const taken = await takeLease(jobStore, LEASE_ID, this.owner, () => this.leaseDoc());
      if (taken) this.lease = { seq: taken.seq, renewedAt: Date.now() };
      return !!taken;
    } catch (e) {
      if (e instanceof StaleWrite) this.lease = undefined;
      else throw e;
      return false;
    }
  }

  /** Delivers what is due for one subscription: retries and held events first, then new events in order. */
  private async work(id: string): Promise<void> {
    const { webhooks, events } = this.deps;
    const found = await webhooks.getSubscription(id);
    if (!found || !found.doc.enabled) return;
    const sub = found.doc;
    // Deliveries act for the subscription's creator: once it may not manage webhooks or read, they stop (the
    // subscription is disabled, saying why; one who may can enable it again).
    const refusal = await this.deps.refusalFor?.(sub.createdBy);
    if (refusal) {
      await this.disable(id, `${sub.createdBy} ${refusal} (found at ${new Date().toISOString()})`);
      this.deps.log.warn({ webhook: id, actor: sub.createdBy }, 'webhook disabled: its creator lost the right to receive events');
      return;
    }
    // Entities whose next delivery must wait for an earlier one of theirs.
    const blocked = new Set<string>();
    const open = await webhooks.deliveries(id, ['retrying', 'held'], 1000);
    const stored = await events.byIds(open.map((d) => d.eventId));
    for (const d of open) {
      if (blocked.has(d.urn)) continue;
      const event = stored.get(d.eventId);
      if (d.status === 'retrying' && (d.nextAttemptAt ?? 0) > Date.now()) blocked.add(d.urn);
      else if (!event) await webhooks.putDelivery({ ...d, status: 'dead', attempts: [...d.attempts, { at: Date.now(), error: 'the event is no longer kept', ms: 0 }], updatedAt: Date.now() });
      else if (!(await this.attempt(sub, event, d))) blocked.add(d.urn);
      if (!(await this.stillEnabled(id))) return;
    }
    const matches = compileFilter(parseFilter(sub.filter));
    let position = sub.position;
    // Only a gap-free run: a later number may be visible before an earlier one. Numbers sealed unused are passed by.
    const run = await events.sequence(position, PAGE);
    let stopped = false;
    for (const e of run.events) {
      if (matches(e as unknown as ChangeRecord)) {
        if (blocked.has(e.urn)) await webhooks.putDelivery(this.delivery(sub, e, 'held'));
        else if (!(await this.attempt(sub, e))) blocked.add(e.urn);
      }
      position = e.seq;
      if (!(await this.stillEnabled(id))) {
        stopped = true;
        break;
      }
    }
    if (!stopped) position = run.reached;
    if (position !== sub.position) await this.savePosition(id, position);
  }

  private async stillEnabled(id: string): Promise<boolean> {
    return !!(await this.deps.webhooks.getSubscription(id))?.doc.enabled;
  }

  private async savePosition(id: string, position: number): Promise<void> {
    await this.deps.webhooks.updateSubscription(id, (doc) => ({ ...doc, position: Math.max(doc.position, position) }));
  }

  private delivery(sub: SubscriptionDoc, e: StoredEvent, status: DeliveryDoc['status']): DeliveryDoc {
    const now = Date.now();
    return { kind: 'delivery', subscription: sub.id, eventId: e.id, seq: e.seq, urn: e.urn, status, attempts: [], createdAt: now, updatedAt: now };
  }

  /** One attempt, logged on its delivery; answers whether the event is done with (delivered, or dead-lettered). */
  private async attempt(sub: SubscriptionDoc, e: StoredEvent, previous?: DeliveryDoc): Promise<boolean> {
    const { settings } = this.deps;
    const delivery = previous ?? this.delivery(sub, e, 'retrying');
    const started = Date.now();
    const record = (a: Omit<Attempt, 'at' | 'ms'>): Attempt => ({ at: started, ms: Date.now() - started, ...a });
    let attempt: Attempt;
    let retryAfter = 0;
    try {
      const target = await checkTarget(sub.url, allowedHosts(settings.allowedHosts));
      const payload = webhookPayload(e);
      const now = new Date();
      const live = sub.secrets.filter((s) => !s.until || s.until > now.getTime());
      const signature = live.map((s) => new Webhook(s.secret).sign(e.id, now, payload)).join(' ');
      const res = await fetchPinned(target, {
        method: 'POST',
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: { 'content-type': 'application/json', 'user-agent': 'Tessera-Webhooks/1', 'webhook-id': e.id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature },
      });
      attempt = record({ status: res.status });
      retryAfter = retryAfterMs(res.headers.get('retry-after'));
    } catch (err) {
      attempt = record({ error: err instanceof Error ? err.message : String(err) });
    }
    const attempts = [...delivery.attempts, attempt];
    const now = Date.now();
    const counted = (outcome: 'delivered' | 'retry' | 'dead' | 'gone') => this.deps.metrics?.webhookDeliveries.inc({ outcome });
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      counted('delivered');
      await this.deps.webhooks.putDelivery({ ...delivery, status: 'delivered', attempts, nextAttemptAt: undefined, updatedAt: now });
      return true;
    }
    if (attempt.status === 410) {
      counted('gone');
      await this.disable(sub.id, `the receiver answered 410 Gone at ${new Date(now).toISOString()}`);
      await this.deps.webhooks.putDelivery({ ...delivery, status: 'retrying', attempts, nextAttemptAt: now, updatedAt: now });
      return false;
    }
    const failures = (delivery.failures ?? 0) + 1;
    const wait = settings.scheduleMs[failures - 1];
    if (wait === undefined) {
      counted('dead');
      await this.deps.webhooks.putDelivery({ ...delivery, status: 'dead', attempts, failures, nextAttemptAt: undefined, updatedAt: now });
      return true;
    }
    counted('retry');
    const jittered = Math.round(wait * (0.8 + Math.random() * 0.4));
    await this.deps.webhooks.putDelivery({ ...delivery, status: 'retrying', attempts, failures, nextAttemptAt: now + Math.max(jittered, retryAfter), updatedAt: now });
    return false;
  }

  private async disable(id: string, reason: string): Promise<void> {
    await this.deps.webhooks.updateSubscription(id, (doc) => ({ ...doc, enabled: false, disabledReason: reason }));
  }
}
