/** Applies a tag-list edit to checked resources (entities or dataset columns). */
import type { EditableSchemaMetadata } from '../../model/aspects/editable-schema-metadata.js';
import type { GlobalTags } from '../../model/aspects/global-tags.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { KEEP_ASPECT, type AspectChange, type WriteInput } from '../write-aspects.js';
import { writeBatch } from '../write-batch.js';
import { columnEditChanges } from '../column-edit.js';
import { editFieldTags, editGlobalTags, type TagListEdit } from './tag-lists.js';
import type { TagResource } from './tag-resources.js';

export interface TagEditOptions {
  actor: string;
  waitForSearch?: boolean;
}


/**
 * Applies one tag-list edit to each checked resource, all or nothing (the one batch engine): a resource refused
 * (a right, a column dropped meanwhile) refuses them all, named by its place in `resources`.
 */
export async function applyTagEdits(services: CatalogDeps, resources: TagResource[], edit: TagListEdit, opts: TagEditOptions): Promise<void> {
  const inputs = resources.map((resource): WriteInput => {
    const changes: AspectChange[] = resource.column
      ? columnEditChanges(resource.target.urn.raw, resource.column.requested, (previous, fieldPath, sameColumn) =>
          editFieldTags(previous as EditableSchemaMetadata | undefined, fieldPath, edit, { time: Date.now(), actor: opts.actor }, sameColumn))
      : [{ aspect: 'globalTags', compute: (previous) => editGlobalTags(previous as GlobalTags | undefined, edit) ?? KEEP_ASPECT }];
    return { target: resource.target, changes, actor: opts.actor, waitForSearch: opts.waitForSearch, mustExist: true };
  });
  const label = (i: number) => `resources[${i}] (${resources[i].target.urn.raw}${resources[i].column ? `, column ${resources[i].column!.requested}` : ''})`;
  await writeBatch(services, inputs, { label });
}
