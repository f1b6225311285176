/** A lease in the jobs index that lets only one reindex rebuild run at a time, across processes; it expires if its holder dies. */
import { conflict } from '../errors.js';
import { isNotFound, isVersionConflict } from '../storage/opensearch-errors.js';
import type { Services } from '../services.js';

const LOCK_ID = 'reindex-lock';
const LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;

interface Seq {
  if_seq_no: number;
  if_primary_term: number;
}

const seqOf = (body: any): Seq => ({ if_seq_no: body._seq_no, if_primary_term: body._primary_term });

export async function withReindexLock<T>(services: Services, fn: () => Promise<T>): Promise<T> {
  const { client, names, instanceId } = services;
  const index = names.jobs();
  const owner = `${instanceId} (pid ${process.pid})`;
  const lease = () => ({ type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: owner, leaseUntil: Date.now() + LEASE_MS, updatedAt: Date.now(), createdAt: Date.now(), params: {} });
  let seq: Seq;
  try {
    seq = seqOf((await client.index({ index, id: LOCK_ID, op_type: 'create', body: lease(), refresh: 'wait_for' })).body);
  } catch (e) {
    if (!isVersionConflict(e)) throw e;
    const current = (await client.get({ index, id: LOCK_ID })).body as any;
    if (current._source.leaseUntil > Date.now()) {
      throw conflict(`Another reindex is running (${current._source.leaseOwner}, lease until ${new Date(current._source.leaseUntil).toISOString()}); try again when it has finished`);
    }
    // The previous holder stopped renewing: take the lease over, conditionally, so only one contender wins.
    try {
      seq = seqOf((await client.index({ index, id: LOCK_ID, body: lease(), ...seqOf(current) })).body);
    } catch (e2) {
      if (isVersionConflict(e2)) throw conflict('Another reindex took the expired lock first; try again when it has finished');
      throw e2;
    }
  }
  const timer = setInterval(() => {
    client.index({ index, id: LOCK_ID, body: lease(), ...seq }).then(
      (r) => (seq = seqOf(r.body)),
      (e) => services.log.warn({ err: e }, 'could not renew the reindex lock'),
    );
  }, RENEW_MS);
  timer.unref();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    await client.delete({ index, id: LOCK_ID, ...seq, refresh: 'wait_for' }).catch((e) => {
      if (!isNotFound(e)) services.log.warn({ err: e }, 'could not release the reindex lock');
    });
  }
}
