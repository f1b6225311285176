/** Turns search translation refusals into the catalog's validation errors (REST 400, GraphQL BAD_REQUEST). */
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
