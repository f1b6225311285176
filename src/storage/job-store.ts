/**
 * The jobs index: durable background jobs and lease documents, written with conditional writes so that exactly one
 * process holds a job or a lease at a time. Storage infrastructure the catalog enqueues into and the job runner drains.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Client } from '@opensearch-project/opensearch';
import { CatalogError } from '../errors.js';
import { currentLogContext, type Logger } from '../logger.js';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded, isNotFound, isVersionConflict } from './opensearch-errors.js';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobDoc {
  type: string;
  key: string;
  params: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  leaseOwner?: string;
  leaseUntil?: number;
  notBefore?: number;
  createdAt: number;
  updatedAt: number;
  progress?: Record<string, unknown>;
  error?: string;
  /** The request that enqueued the job, so its log lines can be followed from the answer. */
  requestId?: string;
}

export interface JobView extends JobDoc {
  id: string;
}

/** The position a conditional write must find the document at. */
export interface Seq {
  if_seq_no: number;
  if_primary_term: number;
}

export interface Versioned<T> {
  id: string;
  doc: T;
  seq: Seq;
}

/** A conditional write found the document changed (another process holds the job or lease now). */
export class StaleWrite extends CatalogError {
  constructor(what: string) {
    super('CONFLICT', `${what} was changed by another process`);
    this.name = 'StaleWrite';
  }
}

function pendingJob(type: string, key: string, params: Record<string, unknown>, requestId: string | undefined): JobDoc {
  const now = Date.now();
  return { type, key, params, status: 'pending', attempts: 0, createdAt: now, updatedAt: now, ...(requestId && { requestId }) };
}

const seqOf = (body: any): Seq => ({ if_seq_no: body._seq_no, if_primary_term: body._primary_term });

export class JobStore {
  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
    private readonly log: Logger,
  ) {}

  private get index() {
    return this.names.jobs();
  }

  private async conditional<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await guarded(fn);
    } catch (e) {
      if (isVersionConflict(e)) throw new StaleWrite(what);
      throw e;
    }
  }

  /** Records a new pending job; visible to every process's runner once this resolves. */
  async enqueue(type: string, key: string, params: Record<string, unknown>, requestId = currentLogContext()?.requestId): Promise<string> {
    const id = randomUUID();
    const doc = pendingJob(type, key, params, requestId);
    await guarded(() => this.client.index({ index: this.index, id, body: doc, refresh: 'wait_for' }));
    this.log.info({ job: id, type, key }, 'job enqueued');
    return id;
  }

  /**
   * Records a job at most once for `onceKey`, whoever calls and however often: the id is derived from the key and the
   * document is created only if absent. What lets a retried mutator enqueue without ever doubling the job.
   */
  async enqueueOnce(type: string, key: string, params: Record<string, unknown>, onceKey: string): Promise<string> {
    const id = `${type}-${createHash('sha256').update(onceKey).digest('hex').slice(0, 32)}`;
    const doc = pendingJob(type, key, params, currentLogContext()?.requestId);
    try {
      await this.conditional(`job ${id}`, () => this.client.index({ index: this.index, id, op_type: 'create', body: doc, refresh: 'wait_for' }));
      this.log.info({ job: id, type, key }, 'job enqueued');
    } catch (e) {
      if (!(e instanceof StaleWrite)) throw e; // recorded already by an earlier run of the same change
    }
    return id;
  }

  async get(id: string): Promise<JobView | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id }));
    return res && { id, ...(res.body as any)._source };
  }

  async list(filter: { type?: string; key?: string; status?: JobStatus }, size = 50): Promise<JobView[]> {
    const must = Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => ({ term: { [k]: v } }));
    const res = await guarded(() => this.client.search({ index: this.index, body: { size, query: { bool: { filter: must } }, sort: [{ createdAt: 'desc' }] } }));
    return (res.body as any).hits.hits.map((h: any) => ({ id: h._id, ...h._source }));
  }

  /** Jobs of a type (and key) not finished yet. Read after a refresh, so a job that has just finished does not still look open. */
  async open(type: string, key?: string): Promise<JobView[]> {
    await guarded(() => this.client.indices.refresh({ index: this.index }));
    const filter = [{ term: { type } }, { terms: { status: ['pending', 'running'] } }, ...(key ? [{ term: { key } }] : [])];
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: 1000, query: { bool: { filter } }, sort: [{ createdAt: 'desc' }] } }));
    return (res.body as any).hits.hits.map((h: any) => ({ id: h._id, ...h._source }));
  }

  /** Pending and running jobs across all processes, and the age of the oldest pending one (leases excluded): one search. */
  async queueStats(now = Date.now()): Promise<{ pending: number; running: number; oldestPendingSeconds: number }> {
    const body = {
      size: 0,
      query: { bool: { filter: [{ terms: { status: ['pending', 'running'] } }, { exists: { field: 'key' } }], must_not: [{ term: { type: 'reindex-lock' } }] } },
      aggs: { status: { terms: { field: 'status' } }, pending: { filter: { term: { status: 'pending' } }, aggs: { oldest: { min: { field: 'createdAt' } } } } },
    };
    const aggs = ((await guarded(() => this.client.search({ index: this.index, body } as any))).body as any).aggregations;
    const count = (status: string) => aggs.status.buckets.find((b: { key: string }) => b.key === status)?.doc_count ?? 0;
    const oldest = aggs.pending.oldest.value as number | null;
    return { pending: count('pending'), running: count('running'), oldestPendingSeconds: oldest ? Math.max(0, (now - oldest) / 1000) : 0 };
  }

  /** Jobs of these types that are pending, or running under a lease that has run out, oldest first. */
  async due(types: string[], now: number, size: number): Promise<Versioned<JobDoc>[]> {
    const res = await guarded(() =>
      this.client.search({
        index: this.index,
        seq_no_primary_term: true,
        body: {
          size,
          sort: [{ createdAt: 'asc' }],
          query: {
            bool: {
              filter: [{ terms: { type: types } }],
              should: [{ term: { status: 'pending' } }, { bool: { filter: [{ term: { status: 'running' } }, { range: { leaseUntil: { lt: now } } }] } }],
              minimum_should_match: 1,
            },
          },
        },
      } as any),
    );
    return (res.body as any).hits.hits.map((h: any) => ({ id: h._id, doc: h._source, seq: { if_seq_no: h._seq_no, if_primary_term: h._primary_term } }));
  }

  /** Replaces a job or lease document if it is still at `seq`; answers its new position, or throws StaleWrite. */
  async replace(id: string, doc: object, seq: Seq): Promise<Seq> {
    return seqOf((await this.conditional(`job document ${id}`, () => this.client.index({ index: this.index, id, body: doc, ...seq }))).body);
  }

  /**
   * Creates a lease document; throws StaleWrite when it exists already. Leases are only ever read by id (real-time) and
   * searches of jobs leave them out, so no refresh is waited for (it cost the first reindex of a catalog up to a second).
   */
  async createLease(id: string, doc: object): Promise<Seq> {
    return seqOf((await this.conditional(`lease ${id}`, () => this.client.index({ index: this.index, id, op_type: 'create', body: doc }))).body);
  }

  async readLease<T>(id: string): Promise<Versioned<T> | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id }));
    return res && { id, doc: (res.body as any)._source as T, seq: seqOf(res.body) };
  }

  /** Removes a lease document if it is still at `seq`; gone already is fine. */
  async deleteLease(id: string, seq: Seq): Promise<void> {
    try {
      await this.conditional(`lease ${id}`, () => this.client.delete({ index: this.index, id, ...seq }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
}
