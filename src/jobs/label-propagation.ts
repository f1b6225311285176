/**
 * The durable propagation job (one per label, by lease like every job, taken over if its holder dies, and simply run
 * again from the start: a reconcile that finds everything in place writes nothing), and what records it: writing or
 * removing a rule (the `labelPropagation` hook), and the sweep, which records one for every rule whenever the catalog
 * has changed since it last looked — a carrier's label or an edge changed — once per rule and catalog version
 * whichever process sweeps.
 */
import { reconcileLabel } from '../catalog/propagation/reconcile.js';
import { readRules } from '../catalog/propagation/propagation-rules.js';
import { enqueuePropagation, PROPAGATION_JOB, type PropagationParams } from '../catalog/propagation/propagation-job.js';
import type { CatalogDeps } from '../catalog/catalog-deps.js';
import type { CatalogVersion } from '../storage/catalog-version.js';
import type { JobHandler } from './job-queue.js';

type SweepDeps = CatalogDeps & { catalogVersion: CatalogVersion };

export { PROPAGATION_JOB };

export const runPropagation: JobHandler = async (services, run) => {
  const { kind, label, actor } = run.job.params as PropagationParams;
  const outcome = await reconcileLabel(services, kind, label, actor);
  await run.heartbeat({ ...outcome, refused: outcome.refused.slice(0, 20), refusedCount: outcome.refused.length });
  services.log.info({ label, added: outcome.added, updated: outcome.updated, removed: outcome.removed, refused: outcome.refused.length }, 'labels propagated');
};

/** Records a propagation job for every rule if the catalog changed since `last`; answers the version it saw. */
export async function sweepPropagation(services: SweepDeps, last: string | undefined): Promise<string | undefined> {
  const version = await services.catalogVersion.current();
  if (version === undefined || version === last) return last;
  const rules = await readRules(services);
  // A label whose job has not started yet will see this version anyway: no second one waits behind it (under a steady
  // write load the version changes every sweep, and a reconcile may take longer than one).
  const waiting = new Set(rules.length > 0 ? (await services.jobStore.open(PROPAGATION_JOB)).filter((j) => j.status === 'pending').map((j) => j.key) : []);
  for (const rule of rules) {
    if (waiting.has(rule.label)) continue;
    await enqueuePropagation(services, { kind: rule.kind, label: rule.label, actor: rule.setBy }, `${rule.label}@${version}`);
  }
  return version;
}

/** The sweep's loop in a service process (beside its job runner). */
export class PropagationSweep {
  private timer?: NodeJS.Timeout;
  private last?: string;
  private stopped = false;

  constructor(private readonly services: SweepDeps, private readonly everyMs: number) {}

  start(): void {
    if (this.everyMs <= 0) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      this.last = await sweepPropagation(this.services, this.last).catch((e) => {
        this.services.log.warn({ err: e }, 'propagation sweep failed');
        return this.last;
      });
      if (this.stopped) return;
      this.timer = setTimeout(tick, this.everyMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
