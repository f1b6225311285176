/**
 * The job runner: any number of service processes poll the jobs index, exactly one holds a job at a time (a lease
 * taken with a conditional write), and a job whose holder died is taken over once its lease runs out.
 */
import type { JobDoc, Seq } from '../storage/job-store.js';
import { StaleWrite } from '../storage/job-store.js';
import type { JobDeps } from './job-deps.js';
import { runWithLogContext } from '../logger.js';

export interface JobRun {
  id: string;
  job: JobDoc;
  /** Records progress and extends the lease; throws when the lease was lost to another process. */
  heartbeat(progress?: Record<string, unknown>): Promise<void>;
}

export type JobHandler = (services: JobDeps, run: JobRun) => Promise<void>;

const MAX_ATTEMPTS = 10;

export class JobRunner {
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;

  constructor(
    private readonly services: JobDeps,
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
      for (const due of await this.services.jobStore.due(Object.keys(this.handlers), now, 20)) {
        if (this.stopped) break;
        if (due.doc.notBefore && due.doc.notBefore > now) continue;
        // Every line the job writes names it and the request that enqueued it.
        const context = { jobId: due.id, ...(due.doc.requestId && { requestId: due.doc.requestId }) };
        if (await runWithLogContext(context, () => this.claimAndRun(due.id, due.doc, due.seq))) ran++;
      }
      return ran;
    } finally {
      this.running = false;
    }
  }

  private async claimAndRun(id: string, job: JobDoc, at: Seq): Promise<boolean> {
    const { jobStore, config, instanceId, log } = this.services;
    let seq = at;
    const write = async (doc: JobDoc) => {
      seq = await jobStore.replace(id, doc, seq);
    };
    const claimed: JobDoc = { ...job, status: 'running', leaseOwner: instanceId, leaseUntil: Date.now() + config.JOB_LEASE_MS, attempts: job.attempts + 1, updatedAt: Date.now() };
    try {
      await write(claimed);
    } catch (e) {
      if (e instanceof StaleWrite) return false; // another process took it
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
      this.services.metrics.jobsFinished.inc({ type: job.type, outcome: 'done' });
    } catch (e) {
      if (e instanceof StaleWrite) return true; // lease lost: the new holder finishes it
      const failed = current.attempts >= MAX_ATTEMPTS;
      log.warn({ job: id, err: e, failed }, 'job attempt failed');
      this.services.metrics.jobsFinished.inc({ type: job.type, outcome: failed ? 'failed' : 'retry' });
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
