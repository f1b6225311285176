/** Pure edits of glossary term lists: an entity's glossaryTerms and one column's terms in its editableSchemaMetadata. */
import type { GlossaryTermAssociation } from '../../model/aspects/common.js';
import type { EditableSchemaFieldInfo, EditableSchemaMetadata } from '../../model/aspects/editable-schema-metadata.js';
import type { GlossaryTerms } from '../../model/aspects/glossary-terms.js';
import type { AssociationEdit, EditStamp } from './apply-association-edit.js';

/** Turns the current associations into the wanted ones; returning the same array means nothing changed. */
export type TermListEdit = (terms: GlossaryTermAssociation[]) => GlossaryTermAssociation[];

export const addingTerms =
  (termUrns: readonly string[]): TermListEdit =>
  (terms) => {
    const missing = termUrns.filter((urn) => !terms.some((t) => t.urn === urn));
    return missing.length === 0 ? terms : [...terms, ...missing.map((urn) => ({ urn }))];
  };

export const removingTerms =
  (termUrns: readonly string[]): TermListEdit =>
  (terms) => {
    const kept = terms.filter((t) => !termUrns.includes(t.urn));
    return kept.length === terms.length ? terms : kept;
  };

/** The new glossaryTerms value, or undefined when nothing changes; a change restamps it with who made it. */
export function editGlossaryTerms(previous: GlossaryTerms | undefined, edit: TermListEdit, stamp: EditStamp): GlossaryTerms | undefined {
  const before = previous?.terms ?? [];
  const after = edit(before);
  if (after === before) return undefined;
  return { ...(previous ?? {}), terms: after, auditStamp: stamp };
}

/**
 * The new editableSchemaMetadata with `edit` applied to the terms of column `fieldPath`, or undefined when nothing
 * changes. An entry written under another name of the same column is reused (and renamed to the full path), so each
 * column keeps one entry, as tag edits keep it.
 */
export function editFieldTerms(
  previous: EditableSchemaMetadata | undefined,
  fieldPath: string,
  isSameColumn: (entryPath: string) => boolean,
  edit: TermListEdit,
  stamp: EditStamp,
): EditableSchemaMetadata | undefined {
  const infos = previous?.editableSchemaFieldInfo ?? [];
  let index = infos.findIndex((i) => i.fieldPath === fieldPath);
  if (index < 0) index = infos.findIndex((i) => isSameColumn(i.fieldPath));
  const entry: EditableSchemaFieldInfo | undefined = infos[index];
  const glossaryTerms = editGlossaryTerms(entry?.glossaryTerms, edit, stamp);
  if (!glossaryTerms) return undefined;
  const nextEntry: EditableSchemaFieldInfo = { ...(entry ?? {}), fieldPath, glossaryTerms };
  const nextInfos = index < 0 ? [...infos, nextEntry] : infos.map((info, i) => (i === index ? nextEntry : info));
  return previous ? { ...previous, editableSchemaFieldInfo: nextInfos } : { created: stamp, editableSchemaFieldInfo: nextInfos };
}

/** A term list edit on entities (glossaryTerms) and on dataset columns (editableSchemaMetadata). */
export const termEdit = (edit: TermListEdit): AssociationEdit => ({
  aspect: 'glossaryTerms',
  entity: (previous, stamp) => editGlossaryTerms(previous as GlossaryTerms | undefined, edit, stamp),
  column: (previous, fieldPath, isSameColumn, stamp) => editFieldTerms(previous as EditableSchemaMetadata | undefined, fieldPath, isSameColumn, edit, stamp),
});
