/** Applies one owner, term or domain edit to checked resources through the one batch engine, all or nothing. */
import type { CatalogDeps } from '../catalog-deps.js';
import { columnEditChanges } from '../column-edit.js';
import { KEEP_ASPECT, type AspectChange, type WriteInput } from '../write-aspects.js';
import { writeBatch } from '../write-batch.js';
import { resourceLabel, type AssociationResource } from './association-resources.js';

/** Who makes the edit, and when: the stamp every value the edit changes carries. */
export interface EditStamp {
  time: number;
  actor: string;
}

/** A change of one column's editableSchemaMetadata entry (found by its full path, or another name of the same column). */
export type ColumnEdit = (previous: unknown, fieldPath: string, isSameColumn: (entryPath: string) => boolean, stamp: EditStamp) => unknown;

export interface AssociationEdit {
  /** The aspect the edit changes on an entity. */
  aspect: string;
  /** The new value of that aspect, or undefined when nothing changes. */
  entity: (previous: unknown, stamp: EditStamp) => unknown;
  /** The new editableSchemaMetadata for a column, or undefined when nothing changes (edits that take columns). */
  column?: ColumnEdit;
}

export interface EditOptions {
  actor: string;
  waitForSearch?: boolean;
}


/**
 * One item per resource, each required to exist; a resource refused (a right, a column dropped meanwhile, a missing
 * entity) refuses them all, named `resources[i] (…)` by its place in the caller's list. A resource the edit leaves as
 * it is writes nothing and records nothing.
 */
export async function applyAssociationEdit(services: CatalogDeps, resources: AssociationResource[], edit: AssociationEdit, opts: EditOptions): Promise<void> {
  // Read when the value is built: a rebuild after another writer's change stamps that moment.
  const stamp = (): EditStamp => ({ time: Date.now(), actor: opts.actor });
  const inputs = resources.map((resource): WriteInput => {
    const changes: AspectChange[] = resource.column
      ? columnEditChanges(resource.target.urn.raw, resource.column.requested, (previous, fieldPath, sameColumn) => edit.column!(previous, fieldPath, sameColumn, stamp()))
      : [{ aspect: edit.aspect, compute: (previous) => edit.entity(previous, stamp()) ?? KEEP_ASPECT }];
    return { target: resource.target, changes, actor: opts.actor, waitForSearch: opts.waitForSearch, mustExist: true };
  });
  await writeBatch(services, inputs, { label: (i) => resourceLabel(resources[i]) });
}
