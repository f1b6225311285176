/**
 * The webhooks index: subscriptions (where to deliver which change events, with their signing secrets and how far
 * delivery has got) and deliveries (one per event and subscription that was attempted: status, next attempt, the log of
 * attempts). Written with conditional writes where two processes could race.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded, isVersionConflict } from './opensearch-errors.js';
import { StaleWrite, type Seq } from './job-store.js';

export interface SubscriptionDoc {
  kind: 'subscription';
  id: string;
  url: string;
  description?: string;
  /** A closed JSON shape (catalog/webhooks/webhook-filter.ts); storage keeps it as it is. */
  filter: Record<string, unknown>;
  /** Signing secrets: the newest first; an older one is kept (and signed with too) until its `until`. */
  secrets: { secret: string; until?: number }[];
  enabled: boolean;
  disabledReason?: string;
  /** Every event up to this sequence number has been delivered, held or given up on. */
  position: number;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

export interface Attempt {
  at: number;
  /** The receiver's HTTP status; absent when there was no answer. */
  status?: number;
  error?: string;
  ms: number;
}

export type DeliveryStatus = 'delivered' | 'retrying' | 'held' | 'dead';

export interface DeliveryDoc {
  kind: 'delivery';
  subscription: string;
  eventId: string;
  seq: number;
  urn: string;
  status: DeliveryStatus;
  attempts: Attempt[];
  /** Failed attempts since it was made or last replayed: where it stands in the retry schedule. */
  failures?: number;
  nextAttemptAt?: number;
  createdAt: number;
  updatedAt: number;
}

const subId = (id: string) => `subscription:${id}`;
const deliveryId = (subscription: string, eventId: string) => `delivery:${subscription}:${eventId}`;

export class WebhookStore {
  private readonly index: string;

  constructor(private readonly client: Client, names: IndexNames) {
    this.index = names.webhooks();
  }

  async createSubscription(doc: SubscriptionDoc): Promise<void> {
    await guarded(() => this.client.index({ index: this.index, id: subId(doc.id), body: doc, op_type: 'create', refresh: true }));
  }

  async getSubscription(id: string): Promise<{ doc: SubscriptionDoc; seq: Seq } | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id: subId(id) }));
    if (!res) return null;
    const b = res.body as any;
    return { doc: b._source, seq: { if_seq_no: b._seq_no, if_primary_term: b._primary_term } };
  }

  /** Replaces a subscription if unchanged since read; throws StaleWrite otherwise. */
  async replaceSubscription(doc: SubscriptionDoc, seq: Seq): Promise<void> {
    try {
      await this.client.index({ index: this.index, id: subId(doc.id), body: doc, ...seq, refresh: true });
    } catch (e) {
      if (isVersionConflict(e)) throw new StaleWrite(`webhook ${doc.id}`);
      throw e;
    }
  }

  /** Reads, changes and writes a subscription back (again if another process changed it meanwhile); null when absent. */
  async updateSubscription(id: string, fn: (doc: SubscriptionDoc) => SubscriptionDoc | Promise<SubscriptionDoc>): Promise<SubscriptionDoc | null> {
    for (;;) {
      const found = await this.getSubscription(id);
      if (!found) return null;
      const next = { ...(await fn(structuredClone(found.doc))), updatedAt: Date.now() };
      try {
        await this.replaceSubscription(next, found.seq);
        return next;
      } catch (e) {
        if (!(e instanceof StaleWrite)) throw e;
      }
    }
  }

  async deleteSubscription(id: string): Promise<boolean> {
    const res = await absentAsNull(() => this.client.delete({ index: this.index, id: subId(id), refresh: true }));
    if (res) await guarded(() => this.client.deleteByQuery({ index: this.index, body: { query: { term: { subscription: id } } }, refresh: true, conflicts: 'proceed' } as any));
    return res !== null;
  }

  async listSubscriptions(): Promise<SubscriptionDoc[]> {
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: 1000, query: { term: { kind: 'subscription' } }, sort: [{ createdAt: 'asc' }] } } as any));
    return ((res.body as any).hits.hits as any[]).map((h) => h._source as SubscriptionDoc);
  }

  async putDelivery(doc: DeliveryDoc): Promise<void> {
    await guarded(() => this.client.index({ index: this.index, id: deliveryId(doc.subscription, doc.eventId), body: doc, refresh: true }));
  }

  async getDelivery(subscription: string, eventId: string): Promise<DeliveryDoc | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id: deliveryId(subscription, eventId) }));
    return res ? ((res.body as any)._source as DeliveryDoc) : null;
  }

  /** A subscription's deliveries, oldest event first: all, or those in some statuses. */
  async deliveries(subscription: string, statuses?: DeliveryStatus[], size = 100, afterSeq?: number): Promise<DeliveryDoc[]> {
    const filter: object[] = [{ term: { kind: 'delivery' } }, { term: { subscription } }];
    if (statuses) filter.push({ terms: { status: statuses } });
    if (afterSeq !== undefined) filter.push({ range: { seq: { gt: afterSeq } } });
    const res = await guarded(() => this.client.search({ index: this.index, body: { size, query: { bool: { filter } }, sort: [{ seq: 'asc' }] } } as any));
    return ((res.body as any).hits.hits as any[]).map((h) => h._source as DeliveryDoc);
  }
}
