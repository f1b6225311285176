/** Rebuilds entity indices from mappings/ plus live definitions, copies documents with _reindex and swaps aliases. */
import type { JobDeps } from './job-deps.js';
import { entityIndexBody } from '../storage/indices.js';
import { leavesOf, setLeaf, type Properties } from './mapping-tree.js';
import { desiredMappings, loadAllDefinitions, planIndex, propertyWordOf, type IndexPlan } from './reindex-plan.js';
import { withReindexLock } from './reindex-lock.js';
import { derivationScript } from './derived-fields.js';

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
async function recoverInterruptedRun(services: JobDeps, alias: string, live: string, log: (line: string) => void): Promise<void> {
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

/** Leaves of `props` the index was not given when the plan was made: mappings put on it since. */
function gainedSince(plan: IndexPlan, props: Properties | undefined): Properties {
  const before = leavesOf(plan.live);
  const gained: Properties = {};
  for (const [path, leaf] of leavesOf(props)) if (!before.has(path)) setLeaf(gained, path, leaf);
  return gained;
}

/**
 * Definitions created while the copy ran put their mappings on the old index; the new one gets them too. `mapped` holds
 * the leaves the new index has and is kept up to date; `sources` are what it should have (the stored definitions' mappings,
 * the fields the old index gained: a definition puts its mapping before it stores its document).
 */
async function catchUpDefinitions(services: JobDeps, next: string, mapped: Set<string>, sources: Properties[], log: (line: string) => void): Promise<void> {
  const body: Properties = {};
  const paths: string[] = [];
  for (const props of sources) {
    for (const [path, leaf] of leavesOf(props)) {
      if (mapped.has(path)) continue;
      mapped.add(path);
      paths.push(path);
      setLeaf(body, path, leaf);
    }
  }
  if (paths.length === 0) return;
  await services.indices.putMapping(next, { properties: body });
  log(`  added ${paths.length} mappings of definitions written during the copy: ${paths.join(', ')}`);
}

const mappingOf = async (services: JobDeps, index: string) => (await services.indices.liveMapping(index))?.properties as Properties | undefined;

/**
 * Builds the new index beside the old one, copies, swaps the alias and deletes the old index. Mappings of definitions
 * written during the copy are put on the new index before it goes live, so no value written to it afterwards is mapped
 * dynamically first; after the swap, the old index is asked once more for one that reached it just before. The old
 * index is then deleted at once: it has refused writes since the block, and a write the entity store sent to it just
 * before the swap finds it blocked or gone, and is retried through the alias (see storage/entity-store.ts).
 */
async function rebuild(services: JobDeps, plan: IndexPlan, log: (line: string) => void): Promise<string> {
  const { indices } = services;
  const next = services.names.physical(plan.alias);
  await indices.createIndex(next, { settings: entityIndexBody({ shards: services.config.OPENSEARCH_SHARDS, replicas: services.config.OPENSEARCH_REPLICAS }).settings, mappings: plan.mappings });
  const mapped = new Set(leavesOf(plan.mappings.properties).keys());
  let blocked = false;
  try {
    // Writes arriving now are refused by the block and retried by the entity store until the alias points at the copy.
    await indices.setWriteBlock(plan.index, true);
    blocked = true;
    log(`  copying ${plan.documents} documents ${plan.index} → ${next}`);
    if (plan.derived.length > 0) log(`  deriving ${plan.derived.join(', ')} from the stored aspects while copying`);
    await indices.copyIndex(plan.index, next, COPY_TIMEOUT_MS, derivationScript(plan.derived));
    const [defs, old] = await Promise.all([loadAllDefinitions(services), mappingOf(services, plan.index)]);
    await catchUpDefinitions(services, next, mapped, [desiredMappings(plan.entityType, defs).properties, gainedSince(plan, old)], log);
    await indices.swapAlias(plan.alias, plan.index, next);
    blocked = false;
  } catch (e) {
    log(`  failed: ${(e as Error).message}; ${plan.alias} keeps serving from ${plan.index}`);
    if (blocked) await indices.setWriteBlock(plan.index, false).catch(() => undefined);
    await indices.deleteIndex(next).catch(() => undefined);
    throw e;
  }
  log(`  ${plan.alias} now points at ${next}`);
  try {
    await catchUpDefinitions(services, next, mapped, [gainedSince(plan, await mappingOf(services, plan.index))], log);
  } finally {
    await indices.deleteIndex(plan.index);
    log(`  deleted ${plan.index}`);
  }
  return next;
}

/**
 * For each entity type: pure additions are put in place; dropped or changed fields rebuild the index into a new
 * physical index that replaces the old one behind the alias. Running it again with nothing to change changes nothing.
 */
export async function reindexEntityTypes(services: JobDeps, entityTypes: string[], opts: ReindexOptions = {}): Promise<ReindexSummary> {
  // Two rebuilds at once would undo each other's write blocks; a dry run changes nothing and needs no lock.
  return opts.dryRun ? reindexUnlocked(services, entityTypes, opts) : withReindexLock(services, () => reindexUnlocked(services, entityTypes, opts));
}

async function reindexUnlocked(services: JobDeps, entityTypes: string[], opts: ReindexOptions): Promise<ReindexSummary> {
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
    // Fields the documents must be given (derived from their aspects) come only with a copy.
    const needsRebuild = plan.dropped.length > 0 || plan.changed.length > 0 || plan.derived.length > 0;
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
    }
    summary.indices.push(entry);
  }
  const rebuilt = summary.indices.filter((i) => i.action === 'rebuilt').length;
  const kept = summary.indices.flatMap((i) => i.keptFields).length;
  log(`done: ${rebuilt} rebuilt, ${summary.indices.filter((i) => i.action === 'mappings-added').length} extended in place, ${summary.indices.filter((i) => i.action === 'unchanged').length} unchanged${kept ? `, ${kept} mappings kept because values remain` : ''}`);
  return summary;
}

/** The mode without SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: only missing mappings are put, nothing is rebuilt or dropped. */
export async function addMissingMappings(services: JobDeps, entityTypes: string[], opts: ReindexOptions = {}): Promise<ReindexSummary> {
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
    const stale = plan.dropped.length + plan.changed.length + plan.derived.length;
    if (stale > 0) log(`  ${stale} mappings need a rebuild (set SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX=true and ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE=true)`);
    const action = plan.added.length === 0 ? 'unchanged' : opts.dryRun ? 'would-add-mappings' : 'mappings-added';
    summary.indices.push({ entityType, from: plan.index, documents: plan.documents, droppedFields: [], keptFields: [], addedFields: plan.added, changedFields: plan.changed, action });
  }
  return summary;
}
