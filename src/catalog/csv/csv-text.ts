/**
 * CSV as stewards' spreadsheets read it (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled.
 * A text that a spreadsheet would run as a formula (starting with `=`, `+`, `@`, a tab or a carriage return) is written
 * with a leading `'`, which the importer takes off again; so is a text that starts with `'` itself, so that the one `'`
 * the importer takes off is always the exporter's. Several values in one cell are separated by `; ` with `;` and `\` in
 * a value escaped by `\`, and a value of spaces only (or none) starts with `\_` (a blank cell or piece holds no value).
 * Export and import are exact inverses: whatever values a cell holds come back the same.
 */
const FORMULA = /^[=+@\t\r]/;
/** What the exporter put a `'` before: a formula, or a text starting with `'`. */
const GUARDED = /^'[=+@\t\r']/;

export function csvCell(text: string): string {
  const safe = FORMULA.test(text) || text.startsWith("'") ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Several values in one cell. */
export const joinValues = (values: string[]): string =>
  values.map((v) => (v.trim() === '' ? `\\_${v}` : v.replace(/[\\;]/g, (c) => `\\${c}`))).join('; ');

/** The values of one cell, as `joinValues` wrote them (an empty cell holds none). */
export function splitValues(cell: string): string[] {
  if (cell.trim() === '') return [];
  const out: { text: string; escaped: boolean }[] = [];
  let current = { text: '', escaped: false };
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '\\' && cell[i + 1] === '_') {
      current.escaped = true; // the mark of a value of spaces only, or of none
      i++;
    } else if (c === '\\' && i + 1 < cell.length) {
      current.text += cell[++i];
    } else if (c === ';') {
      out.push(current);
      current = { text: '', escaped: false };
      if (cell[i + 1] === ' ') i++;
    } else current.text += c;
  }
  out.push(current);
  // Blank pieces a person typed (`a; ; b`) hold nothing; a blank value the exporter wrote is marked by its `\_`.
  return out.filter((v) => v.escaped || v.text.trim() !== '').map((v) => v.text);
}

/** Takes off the `'` that `csvCell` put before a formula or a text starting with `'`. */
export const unguardCell = (cell: string): string => (GUARDED.test(cell) ? cell.slice(1) : cell);
