/** The one bound on how many items a batch write may carry, for every interface that takes batches. */
import { validationError } from '../errors.js';
import type { CatalogDeps } from './catalog-deps.js';

export function checkBatchSize(services: CatalogDeps, items: number): void {
  const max = services.config.MAX_BATCH_ITEMS;
  if (items > max) throw validationError(`Batch of ${items} items exceeds the limit of ${max} (setting MAX_BATCH_ITEMS); split it into smaller batches`);
}
