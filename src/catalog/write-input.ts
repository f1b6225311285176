/** What a write is: the entity it targets, its aspect changes and who makes it — and whether it needs the entity to exist. */
import type { LogContext } from '../logger.js';
import type { WritePrecondition } from '../model/write-precondition.js';
import { ANNOTATION_ASPECTS } from '../model/entity-types.js';
import type { DefinitionMemo } from './definition-info.js';
import type { EntityTarget } from './entity-target.js';

export const DELETE_ASPECT = Symbol('delete-aspect');
export const KEEP_ASPECT = Symbol('keep-aspect');

export interface AspectChange {
  aspect: string;
  /** Computes the new value from the current one (undefined when absent). */
  compute: (previous: unknown) => unknown | typeof DELETE_ASPECT | typeof KEEP_ASPECT | Promise<unknown>;
  /**
   * The whole aspect as its writer has it (a load, a REST or wire UPSERT): entries of keyed aspects that another setter
   * owns stay (catalog/value-owners/whole-write.ts). Edits that name what they change leave it unset.
   */
  whole?: boolean;
  /** `create` refuses when the aspect already exists (409). */
  mode?: 'upsert' | 'create';
  /** The writer's own system metadata (run id, pipeline, properties): stored with the new value, echoed by the /gms wire. */
  systemMetadata?: Record<string, unknown>;
  /** `compute` answers a value already checked against the aspect's schema (a batch's upsert values, checked before any write). */
  checked?: boolean;
  /**
   * Takes back what this ingestion run wrote, instead of computing (a rollback): when the stored value is the run's, the
   * version it overwrote comes back (kept beside it, see catalog/runs/run-aspects.ts) with its own system metadata and
   * stamp, or the aspect goes when the run created it; otherwise nothing changes. A key aspect the run created stays
   * (the rollback soft- or hard-deletes the entity itself).
   */
  revertRun?: string;
  /** The writer's conditions on the aspect as stored (If-Version-Match, If-Modified-Since, If-Unmodified-Since): refused with 412 unless all hold. */
  precondition?: WritePrecondition;
}

export interface WriteInput {
  target: EntityTarget;
  changes: AspectChange[];
  actor: string;
  waitForSearch?: boolean;
  /** Refuse to create the entity: every change needs it to exist already. */
  mustExist?: boolean;
  /** Change the entity only if it exists; otherwise do nothing (deleting aspects of an entity that may be gone). */
  onlyIfExists?: boolean;
  /**
   * The operation that makes this write authorized it as a whole already (a clean-up job, removing a deleted tag
   * everywhere): the changes are not checked one by one.
   */
  preauthorized?: boolean;
  /** Definitions read real-time for this request, shared by the items of one batch (fetched once per batch). */
  definitions?: DefinitionMemo;
  /** Built for a dry run: every value a load would keep is listed, even those whose KEEP history already holds. */
  preview?: boolean;
  /** Who asked, through which interface and request, taken when the write was asked for (change-record.ts). */
  provenance?: LogContext;
}

/**
 * Annotation aspects need an existing entity, unless the same write also carries an aspect that creates it (a batch
 * item with datasetProperties and structuredProperties), or CREATE_MISSING_ENTITIES lets their writes create it.
 */
export const needsExistingEntity = (input: WriteInput, createMissing = false) =>
  input.mustExist ||
  (!createMissing && input.changes.some((c) => ANNOTATION_ASPECTS.has(c.aspect)) && input.changes.every((c) => ANNOTATION_ASPECTS.has(c.aspect)));
