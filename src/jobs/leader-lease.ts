/**
 * Leadership of a background loop across processes: a lease document in the jobs index, taken when absent or run out
 * (or already this process's), renewed by conditional writes; a renewal that finds it changed means another process
 * took over.
 */
import { StaleWrite, type JobStore, type Seq } from '../storage/job-store.js';

export interface LeaseDoc {
  leaseOwner: string;
  leaseUntil: number;
}

/** Takes the lease `id` if it is free; answers its position and the document it replaced, or undefined when held elsewhere. */
export async function takeLease<T extends LeaseDoc>(jobStore: JobStore, id: string, owner: string, make: (previous?: T) => T): Promise<{ seq: Seq; previous?: T } | undefined> {
  const current = await jobStore.readLease<T>(id);
  if (current && current.doc.leaseUntil > Date.now() && current.doc.leaseOwner !== owner) return undefined;
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
