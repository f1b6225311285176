/**
 * CSV as stewards' spreadsheets read it (RFC 4180): a cell with a comma, quote or line break is quoted, quotes doubled.
 * A text that a spreadsheet would run as a formula (starting with `=`, `+`, `@`, a tab or a carriage return) is written
 * with a leading `'`, which the importer takes off again; several values in one cell are separated by `; ` with `;`
 * and `\` in a value escaped by `\`.
 */
const FORMULA = /^[=+@\t\r]/;

export function csvCell(text: string): string {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Several values in one cell. */
export const joinValues = (values: string[]): string => values.map((v) => v.replace(/[\\;]/g, (c) => `\\${c}`)).join('; ');

/** The values of one cell, as `joinValues` wrote them (an empty cell holds none). */
export function splitValues(cell: string): string[] {
  if (cell.trim() === '') return [];
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c === '\\' && i + 1 < cell.length) current += cell[++i];
    else if (c === ';') {
      out.push(current);
      current = '';
      if (cell[i + 1] === ' ') i++;
    } else current += c;
  }
  out.push(current);
  return out.filter((v) => v.trim() !== '');
}

/** Takes off the `'` that `csvCell` put before a text a spreadsheet would run as a formula. */
export const unguardCell = (cell: string): string => (/^'[=+@\t\r]/.test(cell) ? cell.slice(1) : cell);
