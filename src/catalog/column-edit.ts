/**
 * An edit of one dataset column's entry in editableSchemaMetadata (tags, terms), as the one write computes it: the
 * schema is read inside the same write, so a column dropped meanwhile is refused rather than edited, and the entry is
 * found by the column's full path or another name of the same column.
 */
import { matchFieldPath, resolveFieldPath } from './tags/resolve-field-path.js';
import { KEEP_ASPECT, type AspectChange } from './write-aspects.js';

/** The new editableSchemaMetadata, or undefined when the edit changes nothing. */
export type ColumnEntryEdit = (previous: unknown, fieldPath: string, isSameColumn: (entryPath: string) => boolean) => unknown;

export function columnEditChanges(datasetUrn: string, requested: string, edit: ColumnEntryEdit): AspectChange[] {
  let schema: unknown;
  return [
    {
      aspect: 'schemaMetadata',
      compute: (previous) => {
        schema = previous;
        return KEEP_ASPECT;
      },
    },
    {
      aspect: 'editableSchemaMetadata',
      compute: (previous) => {
        const fieldPath = resolveFieldPath(datasetUrn, schema, requested);
        const fields = (schema as { fields: { fieldPath: string }[] }).fields;
        const sameColumn = (entryPath: string) => matchFieldPath(fields, entryPath).path === fieldPath;
        return edit(previous, fieldPath, sameColumn) ?? KEEP_ASPECT;
      },
    },
  ];
}
