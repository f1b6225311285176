/**
 * A lease in the jobs index that lets only one reindex rebuild run at a time, across processes; it expires if its holder
 * dies. The lease document stays after a run, released (expired), so later runs take it with plain conditional writes
 * instead of creating and deleting it: those wait for the jobs index to refresh (up to a second each), and the lease is
 * only ever read by id, which is real-time.
 */
import { conflict } from '../errors.js';
import { StaleWrite, type Seq } from '../storage/job-store.js';
import type { JobDeps } from './job-deps.js';

const LOCK_ID = 'reindex-lock';
const LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;

interface Lease {
  leaseOwner: string;
  leaseUntil: number;
}

async function acquire(services: JobDeps, lease: () => object): Promise<Seq> {
  const { jobStore } = services;
  const current = await jobStore.readLease<Lease>(LOCK_ID);
  if (!current) {
    // Only the first run against a catalog creates the document.
    try {
      return await jobStore.createLease(LOCK_ID, lease());
    } catch (e) {
      if (!(e instanceof StaleWrite)) throw e;
      return acquire(services, lease);
    }
  }
  if (current.doc.leaseUntil > Date.now()) {
    throw conflict(`Another reindex is running (${current.doc.leaseOwner}, lease until ${new Date(current.doc.leaseUntil).toISOString()}); try again when it has finished`);
  }
  try {
    return await jobStore.replace(LOCK_ID, lease(), current.seq);
  } catch (e) {
    if (e instanceof StaleWrite) throw conflict('Another reindex took the lock first; try again when it has finished');
    throw e;
  }
}

export async function withReindexLock<T>(services: JobDeps, fn: () => Promise<T>): Promise<T> {
  const { jobStore, instanceId } = services;
  const owner = `${instanceId} (pid ${process.pid})`;
  const createdAt = Date.now();
  const held = () => ({ type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: owner, leaseUntil: Date.now() + LEASE_MS, updatedAt: Date.now(), createdAt, params: {} });
  let seq = await acquire(services, held);
  // The release must start from the position the last renewal left, so it waits for one in flight.
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = jobStore.replace(LOCK_ID, held(), seq).then(
      (next) => void (seq = next),
      (e) => services.log.warn({ err: e }, 'could not renew the reindex lock'),
    );
  }, RENEW_MS);
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    await renewing;
    const released = { ...held(), status: 'done', leaseUntil: 0 };
    await jobStore.replace(LOCK_ID, released, seq).catch((e) => services.log.warn({ err: e }, 'could not release the reindex lock'));
  }
}

/** The holder of a live reindex lock (a rebuild is under way somewhere), or undefined. */
export async function reindexLockHolder(services: JobDeps): Promise<string | undefined> {
  const current = await services.jobStore.readLease<Lease>(LOCK_ID);
  return current && current.doc.leaseUntil > Date.now() ? current.doc.leaseOwner : undefined;
}
