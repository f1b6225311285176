/** Turns search translation and index refusals into the catalog's validation errors (REST 400, GraphQL BAD_REQUEST). */
import { validationError } from '../../errors.js';
import { SearchInputError } from '../../search/search-input-error.js';

/** Runs a translation step; `where` names the input it reads (`query`, `orFilters`, `facets`) so the message says where. */
export function translating<T>(where: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SearchInputError) throw validationError(`Invalid ${where}: ${e.message}`);
    throw e;
  }
}

/** The index's own 400 (say, a tampered scroll position): the reason is the caller's to fix, never a server error. */
export function indexRefusal(e: unknown): unknown {
  const err = e as { statusCode?: number; body?: { error?: { root_cause?: { reason?: string }[]; reason?: string } } };
  if (err?.statusCode !== 400) return e;
  const reason = err.body?.error?.root_cause?.[0]?.reason ?? err.body?.error?.reason ?? 'the search was refused';
  return validationError(`Invalid search: ${reason}`);
}
