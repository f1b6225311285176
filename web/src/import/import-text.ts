/** An import report in words: the summary line and each change as "retention 30 → 45" or "tag pii added". */
import type { ImportChange, ImportReport } from '../api/csv-import';

const PROPERTY_PREFIX = 'urn:li:structuredProperty:';
const TAG_PREFIX = 'urn:li:tag:';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "7 rows: 3 would change, 1 unchanged, 3 refused" for a preview; "… 3 changed …" once applied. */
export function summaryOf(report: ImportReport): string {
  const changed = report.dryRun ? `${report.changed} would change` : `${report.changed} changed`;
  return `${plural(report.rows, 'row')}: ${changed}, ${report.unchanged} unchanged, ${report.refused} refused`;
}

/** A value as short JSON: a single value without its list brackets. */
export function formatValue(value: unknown): string {
  if (!Array.isArray(value)) return JSON.stringify(value) ?? '';
  if (value.length === 1) return formatValue(value[0]);
  return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
}

export function describeChange(c: ImportChange): string {
  if (c.field.startsWith(TAG_PREFIX)) {
    const id = c.field.slice(TAG_PREFIX.length);
    return c.operation === 'REMOVE' ? `tag ${id} removed` : `tag ${id} added`;
  }
  const name = c.field.startsWith(PROPERTY_PREFIX) ? c.field.slice(PROPERTY_PREFIX.length) : c.field;
  if (c.operation === 'ADD') return `${name} set to ${formatValue(c.after)}`;
  if (c.operation === 'REMOVE') return `${name} ${formatValue(c.before)} removed`;
  return `${name} ${formatValue(c.before)} → ${formatValue(c.after)}`;
}
