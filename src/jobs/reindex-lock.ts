/** A lease in the jobs index that lets only one reindex rebuild run at a time, across processes; it expires if its holder dies. */
import { conflict } from '../errors.js';
import { StaleWrite, type Seq } from '../storage/job-store.js';
import type { Services } from '../services.js';

const LOCK_ID = 'reindex-lock';
const LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;

interface Lease {
  leaseOwner: string;
  leaseUntil: number;
}

async function acquire(services: Services, lease: () => object): Promise<Seq> {
  const { jobStore } = services;
  try {
    return await jobStore.createLease(LOCK_ID, lease());
  } catch (e) {
    if (!(e instanceof StaleWrite)) throw e;
  }
  const current = await jobStore.readLease<Lease>(LOCK_ID);
  if (!current) return acquire(services, lease);
  if (current.doc.leaseUntil > Date.now()) {
    throw conflict(`Another reindex is running (${current.doc.leaseOwner}, lease until ${new Date(current.doc.leaseUntil).toISOString()}); try again when it has finished`);
  }
  try {
    return await jobStore.replace(LOCK_ID, lease(), current.seq);
  } catch (e) {
    if (e instanceof StaleWrite) throw conflict('Another reindex took the expired lock first; try again when it has finished');
    throw e;
  }
}

export async function withReindexLock<T>(services: Services, fn: () => Promise<T>): Promise<T> {
  const { jobStore, instanceId } = services;
  const owner = `${instanceId} (pid ${process.pid})`;
  const lease = () => ({ type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: owner, leaseUntil: Date.now() + LEASE_MS, updatedAt: Date.now(), createdAt: Date.now(), params: {} });
  let seq = await acquire(services, lease);
  const timer = setInterval(() => {
    jobStore.replace(LOCK_ID, lease(), seq).then(
      (next) => (seq = next),
      (e) => services.log.warn({ err: e }, 'could not renew the reindex lock'),
    );
  }, RENEW_MS);
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    await jobStore.deleteLease(LOCK_ID, seq).catch((e) => services.log.warn({ err: e }, 'could not release the reindex lock'));
  }
}

/** The holder of a live reindex lock (a rebuild is under way somewhere), or undefined. */
export async function reindexLockHolder(services: Services): Promise<string | undefined> {
  const current = await services.jobStore.readLease<Lease>(LOCK_ID);
  return current && current.doc.leaseUntil > Date.now() ? current.doc.leaseOwner : undefined;
}
