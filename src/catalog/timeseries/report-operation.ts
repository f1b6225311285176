/** Records an operation on a dataset (the original's reportOperation): an `operation` point stamped with the caller. */
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { addPoint } from './add-point.js';

export interface ReportOperationInput {
  urn: string;
  operationType: string;
  customOperationType?: string | null;
  sourceType: string;
  numAffectedRows?: number | null;
  /** When it happened; now when absent. */
  timestampMillis?: number | null;
  partition?: string | null;
  customProperties?: Record<string, string>;
  actor: string;
  waitForSearch?: boolean;
}

export async function reportOperation(services: CatalogDeps, input: ReportOperationInput, now = Date.now()): Promise<void> {
  const target = resolveTarget(undefined, input.urn);
  // As in the original: operations describe changes to a dataset's data, so only datasets take them.
  if (target.def.name !== 'dataset') throw validationError(`Operations are reported on datasets only; ${input.urn} is a ${target.def.name}`);
  const time = input.timestampMillis ?? now;
  const value = {
    timestampMillis: time,
    // The one time the caller gives is also when the data changed.
    lastUpdatedTimestamp: time,
    actor: input.actor,
    operationType: input.operationType,
    sourceType: input.sourceType,
    ...(input.customOperationType != null && { customOperationType: input.customOperationType }),
    ...(input.numAffectedRows != null && { numAffectedRows: input.numAffectedRows }),
    ...(input.partition != null && { partitionSpec: { type: 'PARTITION', partition: input.partition } }),
    ...(input.customProperties && { customProperties: input.customProperties }),
  };
  await addPoint(services, { target, aspect: 'operation', value, actor: input.actor, waitForSearch: input.waitForSearch });
}
