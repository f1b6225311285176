/**
 * Durable background jobs stored in OpenSearch and leased with conditional writes:
 * any number of service processes poll, exactly one holds a job at a time, and a job whose holder died is taken over.
 */
import { randomUUID } from 'node:crypto';
import { isNotFound, isVersionConflict } from '../storage/opensearch-errors.js';
import type { Services } from '../services.js';

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
}

export interface JobView extends JobDoc {
  id: string;
}

export interface JobRun {
  id: string;
  job: JobDoc;
  /** Records progress and extends the lease; throws when the lease was lost to another process. */
  heartbeat(progress?: Record<string, unknown>): Promise<void>;
}

export type JobHandler = (services: Services, run: JobRun) => Promise<void>;

const MAX_ATTEMPTS = 10;

export async function enqueueJob(services: Services, type: string, key: string, params: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  const doc: JobDoc = { type, key, params, status: 'pending', attempts: 0, createdAt: now, updatedAt: now };
  await services.client.index({ index: services.names.jobs(), id, body: doc, refresh: 'wait_for' });
  services.log.info({ job: id, type, key }, 'job enqueued');
  return id;
}

export async function getJob(services: Services, id: string): Promise<JobView | null> {
  try {
    const res = await services.client.get({ index: services.names.jobs(), id });
    return { id, ...(res.body as any)._source };
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

export async function listJobs(services: Services, filter: { type?: string; key?: string; status?: JobStatus }, size = 50): Promise<JobView[]> {
  const must = Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => ({ term: { [k]: v } }));
  const res = await services.client.search({ index: services.names.jobs(), body: { size, query: { bool: { filter: must } }, sort: [{ createdAt: 'desc' }] } });
  return (res.body as any).hits.hits.map((h: any) => ({ id: h._id, ...h._source }));
}

/**
 * Jobs of a type (and key) not finished yet, e.g. clean-up that must end before a name is reused. Read after a refresh,
 * so a job that has just finished does not still look open.
 */
export async function openJobs(services: Services, type: string, key?: string): Promise<JobView[]> {
  await services.client.indices.refresh({ index: services.names.jobs() });
  const filter = [{ term: { type } }, { terms: { status: ['pending', 'running'] } }, ...(key ? [{ term: { key } }] : [])];
  const res = await services.client.search({ index: services.names.jobs(), body: { size: 1000, query: { bool: { filter } }, sort: [{ createdAt: 'desc' }] } });
  return (res.body as any).hits.hits.map((h: any) => ({ id: h._id, ...h._source }));
}

export class JobRunner {
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;

  constructor(
    private readonly services: Services,
    private readonly handlers: Record<string, JobHandler>,
  ) {}

  start(): void {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      await this.runOnce().catch((e) => this.services.log.warn({ err: e }, 'job poll failed'));
      if (!this.stopped) this.timer = setTimeout(tick, this.services.config.JOB_POLL_MS);
    };
    this.timer = setTimeout(tick, 10);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Claims and runs every job that is due; returns how many ran. */
  async runOnce(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      let ran = 0;
      const now = Date.now();
      const res = await this.services.client.search({
        index: this.services.names.jobs(),
        seq_no_primary_term: true,
        body: {
          size: 20,
          sort: [{ createdAt: 'asc' }],
          query: {
            bool: {
              filter: [{ terms: { type: Object.keys(this.handlers) } }],
              should: [
                { term: { status: 'pending' } },
                { bool: { filter: [{ term: { status: 'running' } }, { range: { leaseUntil: { lt: now } } }] } },
              ],
              minimum_should_match: 1,
            },
          },
        },
      } as any);
      for (const hit of (res.body as any).hits.hits) {
        if (this.stopped) break;
        if ((hit._source as JobDoc).notBefore && (hit._source as JobDoc).notBefore! > now) continue;
        if (await this.claimAndRun(hit._id, hit._source, hit._seq_no, hit._primary_term)) ran++;
      }
      return ran;
    } finally {
      this.running = false;
    }
  }

  private async claimAndRun(id: string, job: JobDoc, seqNo: number, primaryTerm: number): Promise<boolean> {
    const { client, names, config, instanceId, log } = this.services;
    let seq = { if_seq_no: seqNo, if_primary_term: primaryTerm };
    const write = async (doc: JobDoc) => {
      const r = await client.index({ index: names.jobs(), id, body: doc, ...seq });
      seq = { if_seq_no: (r.body as any)._seq_no, if_primary_term: (r.body as any)._primary_term };
    };
    const claimed: JobDoc = { ...job, status: 'running', leaseOwner: instanceId, leaseUntil: Date.now() + config.JOB_LEASE_MS, attempts: job.attempts + 1, updatedAt: Date.now() };
    try {
      await write(claimed);
    } catch (e) {
      if (isVersionConflict(e)) return false; // another process took it
      throw e;
    }
    let current = claimed;
    const run: JobRun = {
      id,
      job: claimed,
      heartbeat: async (progress) => {
        current = { ...current, progress: progress ?? current.progress, leaseUntil: Date.now() + config.JOB_LEASE_MS, updatedAt: Date.now() };
        await write(current);
      },
    };
    log.info({ job: id, type: job.type, key: job.key, attempt: claimed.attempts }, 'job started');
    try {
      await this.handlers[job.type](this.services, run);
      await write({ ...current, status: 'done', leaseOwner: undefined, leaseUntil: undefined, updatedAt: Date.now(), error: undefined });
      log.info({ job: id, type: job.type, key: job.key }, 'job done');
    } catch (e) {
      if (isVersionConflict(e)) return true; // lease lost: the new holder finishes it
      const failed = current.attempts >= MAX_ATTEMPTS;
      log.warn({ job: id, err: e, failed }, 'job attempt failed');
      await write({
        ...current,
        status: failed ? 'failed' : 'pending',
        leaseOwner: undefined,
        leaseUntil: undefined,
        notBefore: Date.now() + Math.min(60_000, 1000 * 2 ** current.attempts),
        error: String((e as Error).message ?? e),
        updatedAt: Date.now(),
      }).catch(() => undefined);
    }
    return true;
  }
}
