/** Offsets of paged answers, checked the same way by every operation that pages by offset. */
import { validationError } from '../errors.js';

/** A page's offset: 0 when absent, else a non-negative integer. */
export function startOf(start: number | null | undefined): number {
  const n = start ?? 0;
  if (!Number.isInteger(n) || n < 0) throw validationError(`start must be a non-negative integer, got ${n}`);
  return n;
}
