/** Pure edits of tag association lists: on an entity's globalTags and on one column of its editableSchemaMetadata. */
import type { TagAssociation } from '../../model/aspects/common.js';
import type { EditableSchemaFieldInfo, EditableSchemaMetadata } from '../../model/aspects/editable-schema-metadata.js';
import type { GlobalTags } from '../../model/aspects/global-tags.js';
import type { AuditStamp } from '../../storage/entity-store.js';
import { PROPAGATION_SOURCE } from '../propagation/label-values.js';

/** Turns the current associations into the wanted ones; returning the same array means nothing changed. */
export type TagListEdit = (tags: TagAssociation[]) => TagAssociation[];

/**
 * A person adding a tag the entity carries only because a propagation rule put it there makes it the entity's own: the
 * propagated association is replaced by a plain one, in its place (it then stays whatever happens upstream).
 */
export const addingTags =
  (tagUrns: readonly string[]): TagListEdit =>
  (tags) => {
    const propagated = (t: TagAssociation) => tagUrns.includes(t.tag) && t.attribution?.source === PROPAGATION_SOURCE;
    const missing = tagUrns.filter((urn) => !tags.some((t) => t.tag === urn));
    if (missing.length === 0 && !tags.some(propagated)) return tags;
    return [...tags.map((t) => (propagated(t) ? { tag: t.tag } : t)), ...missing.map((tag) => ({ tag }))];
  };

export const removingTags =
  (tagUrns: readonly string[]): TagListEdit =>
  (tags) => {
    const kept = tags.filter((t) => !tagUrns.includes(t.tag));
    return kept.length === tags.length ? tags : kept;
  };

/**
 * The new globalTags value, or undefined when nothing changes. An absent aspect is written even when the
 * edit keeps it empty: after a removal the association reads `{tags: []}` rather than never-written.
 */
export function editGlobalTags(previous: GlobalTags | undefined, edit: TagListEdit): GlobalTags | undefined {
  const before = previous?.tags ?? [];
  const after = edit(before);
  if (previous && after === before) return undefined;
  return { ...(previous ?? {}), tags: after };
}

/**
 * The new editableSchemaMetadata with `edit` applied to the column `fieldPath`, or undefined when nothing changes.
 * `isSameColumn` lets an entry written under another name of the same column be reused, so each column keeps one entry.
 */
export function editFieldTags(
  previous: EditableSchemaMetadata | undefined,
  fieldPath: string,
  edit: TagListEdit,
  created: AuditStamp,
  isSameColumn: (entryPath: string) => boolean = () => false,
): EditableSchemaMetadata | undefined {
  const infos = previous?.editableSchemaFieldInfo ?? [];
  let index = infos.findIndex((i) => i.fieldPath === fieldPath);
  if (index < 0) index = infos.findIndex((i) => isSameColumn(i.fieldPath));
  const entry: EditableSchemaFieldInfo | undefined = infos[index];
  const globalTags = editGlobalTags(entry?.globalTags, edit);
  if (!globalTags && entry?.fieldPath === fieldPath) return undefined;
  const nextEntry: EditableSchemaFieldInfo = { ...(entry ?? {}), fieldPath, globalTags: globalTags ?? entry!.globalTags };
  const nextInfos = index < 0 ? [...infos, nextEntry] : infos.map((info, i) => (i === index ? nextEntry : info));
  if (!previous) return { created, editableSchemaFieldInfo: nextInfos };
  return { ...previous, editableSchemaFieldInfo: nextInfos };
}

/** Removes the tags from every tag list an aspect value carries; undefined when none carried them. */
export function stripFromFields<T extends { globalTags?: GlobalTags }>(fields: readonly T[], tagUrns: readonly string[]): T[] | undefined {
  let changed = false;
  const next = fields.map((f) => {
    const tags = f.globalTags && editGlobalTags(f.globalTags, removingTags(tagUrns));
    if (!tags) return f;
    changed = true;
    return { ...f, globalTags: tags };
  });
  return changed ? next : undefined;
}
