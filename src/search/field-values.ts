/** Turns text typed by a user into the value a field kind stores, shared by query strings and GraphQL filters. */
import type { ResolvedField } from './resolved-field.js';
import { inputError } from './search-input-error.js';
import { calendarDayMillis } from '../model/calendar-day.js';

// Stricter than Number(): '' / ' ' / '0x10' / 'Infinity' would otherwise slip through as numbers.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const EPOCH_MILLIS = /^-?\d+$/;

export type TypedValue = string | number | boolean;

export function parseDouble(field: string, text: string, position?: number): number {
  const n = DECIMAL.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isFinite(n)) throw inputError(`Invalid value "${text}" for field ${field}: expected a number`, position);
  return n;
}

/** Dates travel as epoch millis, which both `date` and `long` index fields accept. */
export function parseDate(field: string, text: string, position?: number): number {
  const t = text.trim();
  const day = calendarDayMillis(t);
  if (day !== undefined) return day;
  if (EPOCH_MILLIS.test(t) && Number.isSafeInteger(Number(t))) return Number(t);
  throw inputError(`Invalid value "${text}" for field ${field}: expected a date as YYYY-MM-DD or epoch milliseconds`, position);
}

export function parseBoolean(field: string, text: string, position?: number): boolean {
  const t = text.trim().toLowerCase();
  if (t === 'true' || t === 'false') return t === 'true';
  throw inputError(`Invalid value "${text}" for field ${field}: expected true or false`, position);
}

export function typedValue(f: ResolvedField, text: string, position?: number): TypedValue {
  switch (f.kind) {
    case 'double':
      return parseDouble(f.name, text, position);
    case 'date':
      return parseDate(f.name, text, position);
    case 'boolean':
      return parseBoolean(f.name, text, position);
    default:
      return f.normalise ? f.normalise(text) : text;
  }
}

/** Makes user text literal inside an OpenSearch wildcard pattern. */
export function escapeWildcard(text: string): string {
  return text.replace(/[*?\\]/g, (c) => `\\${c}`);
}
