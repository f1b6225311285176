/** Finds the schema column a tag operation names, by exact field path or, when unambiguous, by a shorter name. */
import { notFound, validationError } from '../../errors.js';
import { simplifyFieldPath } from '../../model/field-path.js';

interface NamedField {
  fieldPath: string;
}

const lastSegment = (fieldPath: string) => simplifyFieldPath(fieldPath).split('.').pop() ?? fieldPath;

/**
 * Candidates are tried from the most to the least specific name so that a column literally called
 * `a.b` is never shadowed by a nested `x.a.b`; within one tier several matches are ambiguous.
 */
export function matchFieldPath(fields: readonly NamedField[], requested: string): { path?: string; ambiguous?: string[] } {
  const tiers: Array<(f: NamedField) => boolean> = [
    (f) => f.fieldPath === requested,
    (f) => simplifyFieldPath(f.fieldPath) === requested,
    (f) => lastSegment(f.fieldPath) === requested,
  ];
  for (const matches of tiers) {
    const hits = [...new Set(fields.filter(matches).map((f) => f.fieldPath))];
    if (hits.length === 1) return { path: hits[0] };
    if (hits.length > 1) return { ambiguous: hits };
  }
  return {};
}

/** The full field path of the column `requested` names in the dataset's schemaMetadata, or a precise error. */
export function resolveFieldPath(datasetUrn: string, schemaMetadata: unknown, requested: string): string {
  const fields = (schemaMetadata as { fields?: NamedField[] } | undefined)?.fields;
  if (!fields) throw notFound(`Dataset ${datasetUrn} has no schema (schemaMetadata), so it has no column ${requested}`);
  const { path, ambiguous } = matchFieldPath(fields, requested);
  if (ambiguous) {
    throw validationError(`Column name ${requested} is ambiguous in the schema of ${datasetUrn}: it matches ${ambiguous.join(', ')}; give the full field path`);
  }
  if (!path) throw notFound(`Column ${requested} does not exist in the schema of ${datasetUrn}`);
  return path;
}
