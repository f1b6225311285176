/**
 * Which ingestion run wrote each aspect: the run id of the writer's system metadata, the one earlier value kept beside
 * a run's value so that rolling the run back restores it, and the search fields that find a run's entities and list runs.
 */
import { dequal } from 'dequal';
import type { AuditStamp, EntityDoc, StoredAspect } from '../../storage/entity-store.js';
import { DELETE_ASPECT, KEEP_ASPECT } from '../write-input.js';

/** The run id the original's client sends when none is set: it names no run (never listed, never rolled back). */
export const DEFAULT_RUN_ID = 'no-run-id-provided';

/**
 * The value an aspect had before a run overwrote it (`meta.previous`): its value, stamp, version and meta (the writer's
 * system metadata and storage facts such as property stamps), never a `previous` of its own. Without `value` it is the
 * current value (a run re-sending what it found: most re-ingestions), so such documents do not grow. Storage only: no
 * reader presents it.
 */
export interface PreviousVersion {
  value?: unknown;
  lastModified: AuditStamp;
  version: number;
  meta?: Record<string, unknown>;
}

/** The run a system metadata record names; undefined for none and for the default run id. */
export function runIdOf(systemMetadata: Record<string, unknown> | undefined): string | undefined {
  const id = systemMetadata?.runId;
  return typeof id === 'string' && id !== '' && id !== DEFAULT_RUN_ID ? id : undefined;
}

/** The run whose value the stored aspect holds. */
export const storedRunId = (stored: StoredAspect | undefined): string | undefined => runIdOf(stored?.meta?.systemMetadata as Record<string, unknown> | undefined);

export const previousOf = (stored: StoredAspect | undefined): PreviousVersion | undefined => stored?.meta?.previous as PreviousVersion | undefined;

/**
 * The earlier version a write keeps beside its new value. Only a run's value gets one (a rollback reverts nothing
 * else): the stored value when another run (or no run) wrote it; when the same run writes again, what it overwrote
 * first; nothing when the aspect is new. So one version is kept, not a history: rolling back the latest run restores
 * what it overwrote; a run whose values a later run overwrote is taken back only to that later run's kept value.
 */
export function keptPrevious(stored: StoredAspect | undefined, systemMetadata: Record<string, unknown> | undefined, next: unknown): PreviousVersion | undefined {
  const run = runIdOf(systemMetadata);
  if (!run || !stored) return undefined;
  const same = dequal(stored.value, next);
  if (storedRunId(stored) === run) {
    const kept = previousOf(stored);
    // A kept version that was the current value stops being it when the run changes the value.
    return kept && !Object.hasOwn(kept, 'value') && !same ? { ...kept, value: stored.value } : kept;
  }
  const { previous: _p, ...meta } = stored.meta ?? {};
  return { ...(!same && { value: stored.value }), lastModified: stored.lastModified, version: stored.version, ...(Object.keys(meta).length > 0 && { meta }) };
}

/**
 * What taking back `run`'s value makes of a stored aspect (AspectChange.revertRun): the version it overwrote, its
 * deletion when the run created it, or nothing when the value is not the run's. A key aspect the run created stays:
 * its entity is soft- or hard-deleted as a whole.
 */
export function revertOf(stored: StoredAspect | undefined, run: string, isKeyAspect: boolean): (PreviousVersion & { value: unknown }) | typeof DELETE_ASPECT | typeof KEEP_ASPECT {
  if (storedRunId(stored) !== run) return KEEP_ASPECT;
  const kept = previousOf(stored);
  if (kept) return { ...kept, value: Object.hasOwn(kept, 'value') ? kept.value : stored!.value };
  return isKeyAspect ? KEEP_ASPECT : DELETE_ASPECT;
}

/** One run's share of an entity: how many of its aspects the run wrote, and the newest of those writes. */
export interface RunShare {
  runId: string;
  rows: number;
  time: number;
}

/**
 * The search fields of the runs whose values the entity holds: `runIds` finds a run's entities with one term query,
 * `runs` (nested) lists runs with their row counts and newest write in one aggregation. The rebuild derives the same
 * on the engine (jobs/derived-fields.ts): keep the two alike.
 */
export function runFieldsOf(doc: EntityDoc): { runIds?: string[]; runs?: RunShare[] } {
  const runs = new Map<string, RunShare>();
  for (const stored of Object.values(doc.aspects)) {
    const runId = storedRunId(stored);
    if (!runId) continue;
    const share = runs.get(runId);
    if (!share) runs.set(runId, { runId, rows: 1, time: stored.lastModified.time });
    else {
      share.rows++;
      share.time = Math.max(share.time, stored.lastModified.time);
    }
  }
  return runs.size === 0 ? {} : { runIds: [...runs.keys()], runs: [...runs.values()] };
}
