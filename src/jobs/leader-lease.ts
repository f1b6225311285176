/**
 * Leadership of a background loop across processes: a lease document in the jobs index, taken when absent, released,
 * or run out (or already this process's), renewed by conditional writes; a renewal that finds it changed means another
 * process took over.
 *
 * "Run out" never compares this host's clock with the holder's: a lease held elsewhere is taken only after this process
 * has itself watched it stay unchanged (the same sequence number) for a whole lease length, measured on its own
 * monotonic clock. A holder renews well within that, so a live one is never taken over, whatever the clocks say.
 */
import { StaleWrite, type JobStore, type Seq } from '../storage/job-store.js';

export interface LeaseDoc {
  leaseOwner: string;
  leaseUntil: number;
}

/** The lease length every holder renews within (the relay and the webhook dispatcher renew every 2 s). */
export const LEASE_MS = 10_000;

/** Per lease and would-be holder: the version of the lease document last seen, and since when (monotonic ms). */
const watched = new Map<string, { version: string; since: number }>();

/** Whether another holder's lease may be taken: released by it, or watched here unchanged for a whole lease length. */
function runOut(key: string, doc: LeaseDoc, seq: Seq, leaseMs: number): boolean {
  if (doc.leaseUntil === 0) return true;
  const version = `${seq.if_primary_term}:${seq.if_seq_no}`;
  const now = performance.now();
  const seen = watched.get(key);
  if (!seen || seen.version !== version) {
    if (watched.size > 1000) watched.clear();
    watched.set(key, { version, since: now });
    return false;
  }
  return now - seen.since >= leaseMs;
}

/** Takes the lease `id` if it is free; answers its position and the document it replaced, or undefined when held elsewhere. */
export async function takeLease<T extends LeaseDoc>(jobStore: JobStore, id: string, owner: string, make: (previous?: T) => T, leaseMs = LEASE_MS): Promise<{ seq: Seq; previous?: T } | undefined> {
  const current = await jobStore.readLease<T>(id);
  if (current && current.doc.leaseOwner !== owner && !runOut(`${id}\u0000${owner}`, current.doc, current.seq, leaseMs)) return undefined;
  try {
    const seq = current ? await jobStore.replace(id, make(current.doc), current.seq) : await jobStore.createLease(id, make());
    return { seq, previous: current?.doc };
  } catch (e) {
    if (e instanceof StaleWrite) return undefined;
    throw e;
  }
}

/** Who this process is as a lease holder. */
export const leaseOwnerOf = (instanceId: string) => `${instanceId} (pid ${process.pid})`;

/** Runs `round` now and then again `everyMs` after each one ends (never two at once) until stopped; failures go to `failed`. */
export function runEvery(round: () => Promise<unknown>, everyMs: number, failed: (e: unknown) => void): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = true;
  const tick = () => {
    round()
      .catch(failed)
      .finally(() => {
        if (running) timer = setTimeout(tick, everyMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();
  return {
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
    },
  };
}
