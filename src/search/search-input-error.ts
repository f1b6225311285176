/** The error for search input the user has to fix; callers map it to HTTP 400 / GraphQL BAD_REQUEST. */
export class SearchInputError extends Error {
  /** `position` is the 1-based character in the query string, when the problem has one. */
  constructor(
    message: string,
    public readonly position?: number,
  ) {
    super(message);
    this.name = 'SearchInputError';
  }
}

/** Builds a SearchInputError whose message ends with where the problem is, when that is known. */
export function inputError(message: string, position?: number): SearchInputError {
  return new SearchInputError(position === undefined ? message : `${message} at character ${position}`, position);
}
