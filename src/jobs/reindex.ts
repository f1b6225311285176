/** Rebuilds entity indices from mappings/ plus live definitions, copies documents with _reindex and swaps aliases. */
import type { Services } from '../services.js';

export interface ReindexSummary {
  indices: { entityType: string; from: string; to?: string; documents: number; droppedFields: string[]; keptFields: { field: string; values: number }[] }[];
}

export async function reindexEntityTypes(services: Services, entityTypes: string[], opts: { dryRun?: boolean; log?: (line: string) => void } = {}): Promise<ReindexSummary> {
  void services;
  void entityTypes;
  void opts;
  throw new Error('reindexEntityTypes is not implemented yet');
}
