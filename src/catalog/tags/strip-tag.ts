/** Removes a (deleted) tag from every place one entity carries it: its tags, its schema's columns and their edits. */
import { isCatalogError } from '../../errors.js';
import type { EditableSchemaMetadata } from '../../model/aspects/editable-schema-metadata.js';
import type { GlobalTags } from '../../model/aspects/global-tags.js';
import type { SchemaMetadata } from '../../model/aspects/schema-metadata.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { EntityTarget } from '../entity-target.js';
import { KEEP_ASPECT, writeAspects, type AspectChange } from '../write-aspects.js';
import { editGlobalTags, removingTags, stripFromFields } from './tag-lists.js';

/** The aspects that can carry tag associations. */
export const TAG_CARRYING_ASPECTS = ['globalTags', 'schemaMetadata', 'editableSchemaMetadata'] as const;

const strippers: Record<(typeof TAG_CARRYING_ASPECTS)[number], (previous: unknown, tagUrn: string) => unknown> = {
  // Absent stays absent: clean-up must not turn "never written" into an empty list.
  globalTags: (previous, tagUrn) => (previous ? editGlobalTags(previous as GlobalTags, removingTags([tagUrn])) : undefined),
  schemaMetadata: (previous, tagUrn) => {
    const schema = previous as SchemaMetadata | undefined;
    const fields = schema && stripFromFields(schema.fields, [tagUrn]);
    return fields && { ...schema, fields };
  },
  editableSchemaMetadata: (previous, tagUrn) => {
    const edits = previous as EditableSchemaMetadata | undefined;
    const infos = edits && stripFromFields(edits.editableSchemaFieldInfo, [tagUrn]);
    return infos && { ...edits, editableSchemaFieldInfo: infos };
  },
};

/** Whether the tag was found and removed; false when the entity no longer carries it or is gone. Safe to repeat. */
export async function stripTag(services: CatalogDeps, input: { target: EntityTarget; tagUrn: string; actor: string }): Promise<boolean> {
  let changed = false;
  const changes: AspectChange[] = TAG_CARRYING_ASPECTS.filter((a) => input.target.def.aspects.includes(a)).map((aspect, i) => ({
    aspect,
    compute: (previous) => {
      if (i === 0) changed = false; // the store may re-run the whole write after a conflict
      const next = strippers[aspect](previous, input.tagUrn);
      if (next === undefined) return KEEP_ASPECT;
      changed = true;
      return next;
    },
  }));
  try {
    await writeAspects(services, { target: input.target, changes, actor: input.actor, mustExist: true, preauthorized: true });
    return changed;
  } catch (e) {
    if (isCatalogError(e) && e.code === 'NOT_FOUND') return false;
    throw e;
  }
}
