/** Records the durable job that propagates one label (jobs/label-propagation.ts runs it). */
import type { CatalogDeps } from '../catalog-deps.js';
import type { LabelKind } from './label-values.js';

export const PROPAGATION_JOB = 'labelPropagation';

export interface PropagationParams {
  kind: LabelKind;
  label: string;
  /** Who changed the rule (removals after a rule is gone are made in their name). */
  actor: string;
  [key: string]: unknown;
}

/** Once per `onceKey` when given (the sweep: once per rule and catalog version, whichever process sweeps). */
export const enqueuePropagation = (services: Pick<CatalogDeps, 'jobStore'>, params: PropagationParams, onceKey?: string) =>
  onceKey ? services.jobStore.enqueueOnce(PROPAGATION_JOB, params.label, params, onceKey) : services.jobStore.enqueue(PROPAGATION_JOB, params.label, params);
