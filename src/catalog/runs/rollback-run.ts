/**
 * Rolling back an ingestion run (`datahub ingest rollback --run-id`), as the original does: every aspect whose current
 * value the run wrote is taken back — the version it overwrote restored, or the aspect removed when the run created
 * it — and every entity the run created (its key aspect is the run's) is soft-deleted (status removed), or
 * hard-deleted through the delete operation with `hardDelete` (the CLI's `--nuke`). Other runs' aspects on such an
 * entity make it "unsafe": they are hidden with it (or deleted with it) and reported. A dry run changes nothing.
 *
 * Each change is a normal write by the caller (history, events, the one authorization function) through the one batch
 * engine, every item checked and authorized before the first is written: a refused item writes nothing. A run of more
 * than ROLLBACK_ROUND entities is taken back a round at a time, each round all or nothing.
 */
import { validationError } from '../../errors.js';
import { findEntityType } from '../../model/entity-types.js';
import type { EntityDoc } from '../../storage/entity-store.js';
import { entityResource, rightForDelete } from '../access/change-rights.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { deleteEntity } from '../delete-entity.js';
import { resolveTarget } from '../entity-target.js';
import { isSoftDeleted } from '../read-entity.js';
import { writeAspects } from '../write-aspects.js';
import { writeBatch } from '../write-batch.js';
import { KEEP_ASPECT, type WriteInput } from '../write-input.js';
import { DEFAULT_RUN_ID, previousOf, runIdOf, storedRunId } from './run-aspects.js';
import { runEntities, rowsOf, type RunRow } from './run-rows.js';

export interface RollbackInput {
  runId: string;
  dryRun?: boolean;
  /** Hard-delete the entities the run created (and everything on them) instead of soft-deleting them. */
  hardDelete?: boolean;
  /** Answer once the changes are visible to search. */
  waitForSearch?: boolean;
}

/** The original's RollbackResponse. */
export interface RollbackSummary {
  entitiesAffected: number;
  aspectsAffected: number;
  aspectsReverted: number;
  entitiesDeleted: number;
  unsafeEntitiesCount: number;
  unsafeEntities: { urn: string }[];
  aspectRowSummaries: RunRow[];
  /** The time-series points of the run (removed with it). */
  timeseriesRowsAffected?: number;
}

/** How many rows an answer lists, as the original's. */
const LISTED_ROWS = 100;
/** Entities one round takes back (all or nothing); a larger run goes round after round. */
export const ROLLBACK_ROUND = 10_000;
/** The execution request status the original sets on a run it rolled back. */
const ROLLED_BACK = 'ROLLED_BACK';

interface Round {
  docs: EntityDoc[];
  rows: RunRow[];
  /** Entities the run created: their key aspect is the run's and keeps no earlier version. */
  created: Set<string>;
  /** Of those, the ones holding aspects other writers wrote (besides key and status), with how many. */
  unsafe: Map<string, number>;
}

function planRound(docs: EntityDoc[], runId: string): Round {
  const round: Round = { docs, rows: [], created: new Set(), unsafe: new Map() };
  for (const doc of docs) {
    const rows = rowsOf(doc, runId);
    round.rows.push(...rows);
    const key = findEntityType(doc.entityType)?.keyAspect;
    if (!key || !rows.some((r) => r.keyAspect) || previousOf(doc.aspects[key])) continue;
    round.created.add(doc.urn);
    const others = Object.entries(doc.aspects).filter(([aspect, stored]) => aspect !== key && aspect !== 'status' && storedRunId(stored) !== runId).length;
    if (others > 0) round.unsafe.set(doc.urn, others);
  }
  return round;
}

/** Adds a round to the answer (the same counts whether it is a dry run or not). */
function summarize(round: Round, hardDelete: boolean, into: RollbackSummary): void {
  const survives = (urn: string) => !hardDelete || !round.created.has(urn);
  // A soft rollback leaves key aspects (their entities are hidden instead); a hard one deletes created entities whole.
  const reverted = round.rows.filter((r) => survives(r.urn) && !(r.keyAspect && !hardDelete));
  const deletedRows = hardDelete ? round.docs.filter((d) => round.created.has(d.urn)).reduce((n, d) => n + Object.keys(d.aspects).length, 0) : 0;
  into.entitiesAffected += new Set(round.rows.map((r) => r.urn)).size;
  into.aspectsReverted += reverted.length + deletedRows;
  into.entitiesDeleted += round.created.size;
  into.aspectsAffected += [...round.unsafe.values()].reduce((a, b) => a + b, 0);
  into.unsafeEntitiesCount += round.unsafe.size;
  into.unsafeEntities.push(...[...round.unsafe.keys()].map((urn) => ({ urn })));
  const listed = round.rows.filter((r) => hardDelete || !r.keyAspect);
  into.aspectRowSummaries.push(...listed.slice(0, LISTED_ROWS - into.aspectRowSummaries.length));
}

/**
 * Writes the inputs in batches of the engine's size, every batch checked and authorized before any is written: each
 * batch's `beforeWrite` (after its own checks, before its write) checks and writes the batches after it.
 */
async function writeAllOrNothing(services: CatalogDeps, inputs: WriteInput[]): Promise<void> {
  const size = services.config.MAX_BATCH_ITEMS;
  const from = async (start: number): Promise<void> => {
    if (start >= inputs.length) return;
    const batch = inputs.slice(start, start + size);
    await writeBatch(services, batch, { label: (i, aspect) => `${batch[i].target.urn.raw} (${aspect})`, beforeWrite: () => from(start + size) });
  };
  await from(0);
}

async function applyRound(services: CatalogDeps, actor: string, input: RollbackInput, round: Round): Promise<void> {
  const { runId, hardDelete, waitForSearch } = input;
  const doomed = hardDelete ? round.docs.filter((d) => round.created.has(d.urn)) : [];
  // Deleting needs its right on each entity (as stored: its tags), checked for all before anything is written.
  await services.access.authorizeAll(actor, doomed.map((d) => rightForDelete(entityResource(d.entityType, d.urn, d.aspects))));
  const byUrn = new Map<string, RunRow[]>();
  for (const row of round.rows) byUrn.set(row.urn, [...(byUrn.get(row.urn) ?? []), row]);
  const inputs: WriteInput[] = [];
  for (const doc of round.docs) {
    if (hardDelete && round.created.has(doc.urn)) continue;
    const target = resolveTarget(doc.entityType, doc.urn);
    const changes: WriteInput['changes'] = (byUrn.get(doc.urn) ?? []).map((r) => ({ aspect: r.aspectName, revertRun: runId, compute: () => KEEP_ASPECT }));
    // An entity the run created is hidden, as the original does (types without a status aspect keep only their key).
    if (round.created.has(doc.urn) && target.def.aspects.includes('status')) {
      changes.push({ aspect: 'status', compute: (previous) => ({ ...(previous as object | undefined), removed: true }) });
    }
    inputs.push({ target, actor, changes, onlyIfExists: true, waitForSearch });
  }
  await writeAllOrNothing(services, inputs);
  for (const doc of doomed) await deleteEntity(services, resolveTarget(doc.entityType, doc.urn), actor, { waitForSearch });
}

/** The run's execution request (the original's managed and CLI runs report there) says it was rolled back; best effort, as in the original. */
async function markRolledBack(services: CatalogDeps, actor: string, runId: string): Promise<void> {
  try {
    const target = resolveTarget('dataHubExecutionRequest', `urn:li:dataHubExecutionRequest:${runId}`);
    const changes = [{ aspect: 'dataHubExecutionRequestResult', compute: (previous: unknown) => (previous ? { ...(previous as object), status: ROLLED_BACK } : KEEP_ASPECT) }];
    await writeAspects(services, { target, actor, changes, onlyIfExists: true });
  } catch (err) {
    services.log.warn({ err, runId }, 'could not mark the execution request of a rolled back run');
  }
}

export async function rollbackRun(services: CatalogDeps, actor: string, input: RollbackInput): Promise<RollbackSummary> {
  const { runId } = input;
  if (runIdOf({ runId }) === undefined) {
    throw validationError(runId === '' ? 'runId must name a run' : `${DEFAULT_RUN_ID} is a default run-id provided for non labeled ingestion runs. You cannot delete using this reserved run-id`);
  }
  if (input.dryRun) await services.access.authorize(actor, 'VIEW_METADATA', {}, `the ingestion run ${runId}`);
  // The run's time-series points go too (as the original's rollback removes them): a right checked before any write.
  const points = await services.timeseries.countOfRun(runId);
  if (points > 0 && !input.dryRun) await services.access.authorize(actor, 'EDIT_ENTITY', {}, `the ${points} time-series points of the ingestion run ${runId}`);
  const hardDelete = input.hardDelete === true;
  const summary: RollbackSummary = { entitiesAffected: 0, aspectsAffected: 0, aspectsReverted: 0, entitiesDeleted: 0, unsafeEntitiesCount: 0, unsafeEntities: [], aspectRowSummaries: [] };
  // A round's entities are not taken again by the next (which finds the rest): those not yet searchable as changed, and
  // those that still name the run (a created one without a status aspect keeps its key).
  const done = new Set<string>();
  for (;;) {
    // A soft rollback leaves soft-deleted entities alone (as the original); a hard one takes them too.
    const docs: EntityDoc[] = [];
    for await (const page of runEntities(services, runId, { includeRemoved: hardDelete })) {
      // Planned on the entities as stored now (real-time), not as the search last saw them.
      const fresh = await services.store.mgetAcross(page.filter((d) => !done.has(d.urn)).map((d) => ({ urn: d.urn, entityType: d.entityType })));
      docs.push(...[...fresh.values()].filter((d) => rowsOf(d, runId).length > 0 && (hardDelete || !isSoftDeleted(d))));
      if (docs.length >= ROLLBACK_ROUND) break;
    }
    const round = planRound(docs.slice(0, ROLLBACK_ROUND), runId);
    summarize(round, hardDelete, summary);
    if (input.dryRun || round.docs.length === 0) break;
    await applyRound(services, actor, { ...input, hardDelete }, round);
    if (round.docs.length < ROLLBACK_ROUND) break;
    for (const doc of round.docs) done.add(doc.urn);
  }
  if (!input.dryRun && points > 0) await services.timeseries.deleteOfRun(runId);
  if (!input.dryRun && summary.entitiesAffected > 0) await markRolledBack(services, actor, runId);
  return { ...summary, ...(points > 0 && { timeseriesRowsAffected: points }) };
}
