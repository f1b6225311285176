/** Rebuilds entity indices from mappings/ plus live definitions, copies documents with _reindex and swaps aliases. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from '../services.js';
import { entityIndexBody } from '../storage/indices.js';
import { loadAllDefinitions, planIndex, propertyWordOf, type IndexPlan } from './reindex-plan.js';
import { withReindexLock } from './reindex-lock.js';

export interface ReindexSummary {
  indices: {
    entityType: string;
    from: string;
    to?: string;
    documents: number;
    droppedFields: string[];
    keptFields: { field: string; values: number }[];
    addedFields?: string[];
    changedFields?: string[];
    /** `rebuilt`, `mappings-added` (pure additions, applied in place), `unchanged`, or `would-…` in a dry run. */
    action?: 'rebuilt' | 'mappings-added' | 'unchanged' | 'would-rebuild' | 'would-add-mappings';
  }[];
}

export interface ReindexOptions {
  dryRun?: boolean;
  log?: (line: string) => void;
}

/** Writes retried by the entity store may have been routed to the old index just before the swap; let them fail there first. */
const SWAP_GRACE_MS = 500;
const COPY_TIMEOUT_MS = 3_600_000;

function describePlan(plan: IndexPlan, log: (line: string) => void): void {
  log(`${plan.alias} (${plan.index}): ${plan.documents} documents`);
  for (const f of plan.added) log(`  + ${f}`);
  for (const f of plan.changed) log(`  ~ ${f} (mapped differently now; needs a rebuild)`);
  for (const f of plan.dropped) log(`  - ${f} (no definition uses it and no entity holds a value)`);
  for (const k of plan.kept) {
    log(`  ! keeping ${k.field}: property ${propertyWordOf(k.field)} has no definition, but ${k.values} ${k.values === 1 ? 'entity still holds a value' : 'entities still hold values'} in ${plan.alias}`);
  }
}

/** Removes what an interrupted earlier run left: a copy that never went live, and the write block on the live index. */
async function recoverInterruptedRun(services: Services, alias: string, live: string, log: (line: string) => void): Promise<void> {
  const pattern = new RegExp(`^${alias.replace(/[-]/g, '\\-')}_\\d{17}$`);
  for (const index of await services.indices.indicesNamedAfter(alias)) {
    if (index !== live && pattern.test(index)) {
      log(`  removing ${index}, left by an interrupted run`);
      await services.indices.deleteIndex(index);
    }
  }
  if (await services.indices.isWriteBlocked(live)) {
    log(`  clearing the write block an interrupted run left on ${live}`);
    await services.indices.setWriteBlock(live, false);
  }
}

async function rebuild(services: Services, plan: IndexPlan, log: (line: string) => void): Promise<string> {
  const { indices } = services;
  const next = services.names.physical(plan.alias);
  await indices.createIndex(next, { settings: entityIndexBody({ shards: services.config.OPENSEARCH_SHARDS, replicas: services.config.OPENSEARCH_REPLICAS }).settings, mappings: plan.mappings });
  let blocked = false;
  try {
    // Writes arriving now are refused by the block and retried by the entity store until the alias points at the copy.
    await indices.setWriteBlock(plan.index, true);
    blocked = true;
    log(`  copying ${plan.documents} documents ${plan.index} → ${next}`);
    await indices.copyIndex(plan.index, next, COPY_TIMEOUT_MS);
    await indices.swapAlias(plan.alias, plan.index, next);
    blocked = false;
  } catch (e) {
    log(`  failed: ${(e as Error).message}; ${plan.alias} keeps serving from ${plan.index}`);
    if (blocked) await indices.setWriteBlock(plan.index, false).catch(() => undefined);
    await indices.deleteIndex(next).catch(() => undefined);
    throw e;
  }
  log(`  ${plan.alias} now points at ${next}`);
  await sleep(SWAP_GRACE_MS);
  await indices.deleteIndex(plan.index);
  log(`  deleted ${plan.index}`);
  return next;
}

/** Definitions created while the copy ran put their mappings on the old index; the new one gets them now. */
async function catchUpDefinitions(services: Services, entityType: string, log: (line: string) => void): Promise<void> {
  const plan = await planIndex(services, entityType, await loadAllDefinitions(services));
  if (!plan || plan.added.length === 0) return;
  await services.indices.putMapping(plan.alias, { properties: plan.additions });
  log(`  added ${plan.added.length} mappings of definitions written during the copy: ${plan.added.join(', ')}`);
}

/**
 * For each entity type: pure additions are put in place; dropped or changed fields rebuild the index into a new
 * physical index that replaces the old one behind the alias. Running it again with nothing to change changes nothing.
 */
export async function reindexEntityTypes(services: Services, entityTypes: string[], opts: ReindexOptions = {}): Promise<ReindexSummary> {
  // Two rebuilds at once would undo each other's write blocks; a dry run changes nothing and needs no lock.
  return opts.dryRun ? reindexUnlocked(services, entityTypes, opts) : withReindexLock(services, () => reindexUnlocked(services, entityTypes, opts));
}

async function reindexUnlocked(services: Services, entityTypes: string[], opts: ReindexOptions): Promise<ReindexSummary> {
  const log = opts.log ?? ((line: string) => services.log.info(line));
  const defs = await loadAllDefinitions(services);
  log(`reindex${opts.dryRun ? ' (dry run)' : ''}: ${entityTypes.length} entity indices, ${defs.length} structured property definitions`);
  const summary: ReindexSummary = { indices: [] };
  for (const entityType of entityTypes) {
    const plan = await planIndex(services, entityType, defs);
    if (!plan) {
      log(`${services.names.entity(entityType)}: no such index, skipped`);
      continue;
    }
    describePlan(plan, log);
    if (!opts.dryRun) await recoverInterruptedRun(services, plan.alias, plan.index, log);
    const needsRebuild = plan.dropped.length > 0 || plan.changed.length > 0;
    const entry: ReindexSummary['indices'][number] = {
      entityType, from: plan.index, documents: plan.documents, droppedFields: plan.dropped, keptFields: plan.kept, addedFields: plan.added, changedFields: plan.changed,
    };
    if (!needsRebuild && plan.added.length === 0) {
      log('  up to date');
      entry.action = 'unchanged';
    } else if (opts.dryRun) {
      entry.action = needsRebuild ? 'would-rebuild' : 'would-add-mappings';
      log(`  would ${needsRebuild ? 'rebuild the index' : 'add the mappings in place'}`);
    } else if (!needsRebuild) {
      await services.indices.putMapping(plan.alias, { properties: plan.additions });
      entry.action = 'mappings-added';
      log(`  added ${plan.added.length} mappings in place`);
    } else {
      entry.to = await rebuild(services, plan, log);
      entry.action = 'rebuilt';
      await catchUpDefinitions(services, entityType, log);
    }
    summary.indices.push(entry);
  }
  const rebuilt = summary.indices.filter((i) => i.action === 'rebuilt').length;
  const kept = summary.indices.flatMap((i) => i.keptFields).length;
  log(`done: ${rebuilt} rebuilt, ${summary.indices.filter((i) => i.action === 'mappings-added').length} extended in place, ${summary.indices.filter((i) => i.action === 'unchanged').length} unchanged${kept ? `, ${kept} mappings kept because values remain` : ''}`);
  return summary;
}

/** The mode without SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: only missing mappings are put, nothing is rebuilt or dropped. */
export async function addMissingMappings(services: Services, entityTypes: string[], opts: ReindexOptions = {}): Promise<ReindexSummary> {
  const log = opts.log ?? ((line: string) => services.log.info(line));
  const defs = await loadAllDefinitions(services);
  const summary: ReindexSummary = { indices: [] };
  for (const entityType of entityTypes) {
    const plan = await planIndex(services, entityType, defs);
    if (!plan) continue;
    const behind = await services.indices.physicalIndices(plan.alias);
    log(`${plan.alias} (${behind.join(', ')}): ${plan.added.length} mappings missing`);
    for (const f of plan.added) log(`  + ${f}`);
    if (plan.added.length > 0 && !opts.dryRun) await services.indices.putMapping(plan.alias, { properties: plan.additions });
    const stale = plan.dropped.length + plan.changed.length;
    if (stale > 0) log(`  ${stale} mappings need a rebuild (set SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX=true and ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE=true)`);
    const action = plan.added.length === 0 ? 'unchanged' : opts.dryRun ? 'would-add-mappings' : 'mappings-added';
    summary.indices.push({ entityType, from: plan.index, documents: plan.documents, droppedFields: [], keptFields: [], addedFields: plan.added, changedFields: plan.changed, action });
  }
  return summary;
}
