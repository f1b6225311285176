/** The error every API call rejects with: the API's own message, its HTTP status and GraphQL type. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to show for a failed call: the API's message, or a plain sentence for network failures. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
