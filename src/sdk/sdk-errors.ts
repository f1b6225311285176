/** Errors the SDK throws: a server answer that is not a success, an unreachable server, a value refused before sending. */

/** The server answered with a non-success status; `error` and `message` come from its `{error, message}` body. */
export class TesseraApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'TesseraApiError';
  }
}

/** The server could not be reached (connection refused, DNS, timeout) after all retries. */
export class TesseraConnectionError extends Error {
  constructor(readonly server: string, cause: unknown) {
    super(`Cannot reach Tessera at ${server}: ${describeCause(cause)}`);
    this.name = 'TesseraConnectionError';
  }
}

/** A value was refused by the SDK's own validation (the server's zod schemas) before anything was sent. */
export class TesseraValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TesseraValidationError';
  }
}

/** GraphQL answered with errors; `errors` are the response's error objects. */
export class TesseraGraphqlError extends Error {
  constructor(readonly errors: { message: string; extensions?: Record<string, unknown> }[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'TesseraGraphqlError';
  }
}

function describeCause(cause: unknown): string {
  if ((cause as Error)?.name === 'TimeoutError') return 'no answer before the timeout';
  const inner = (cause as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } })?.cause;
  const code = inner?.code ?? inner?.errors?.find((e) => e.code)?.code;
  if (code) return code === 'ECONNREFUSED' ? 'connection refused' : code === 'ENOTFOUND' ? 'host not found' : code;
  return inner?.message || (cause as Error)?.message || String(cause);
}
