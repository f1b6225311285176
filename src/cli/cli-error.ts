/** The CLI's one error boundary: a failure becomes one clear line on stderr and a non-zero exit code, never a stack trace. */
import { ERROR_KINDS, errorCodeOfStatus } from '../errors.js';
import { TesseraApiError, TesseraConnectionError, TesseraGraphqlError, TesseraValidationError } from '../sdk/sdk-errors.js';

/** A failure the CLI explains itself; `lines` are printed as they are. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();

/** The message printed for any error that reaches the top of a command. */
export function describeError(e: unknown): string {
  if (e instanceof CliError) return e.message;
  if (e instanceof TesseraApiError) {
    // The one error table says whether trying again later can help.
    const retry = ERROR_KINDS[errorCodeOfStatus(e.status) ?? 'INTERNAL'].retryAfterSeconds;
    return oneLine(`${e.error} (HTTP ${e.status}): ${e.message}${retry !== undefined ? ` (temporary: try again in ${retry} s)` : ''}`);
  }
  if (e instanceof TesseraConnectionError || e instanceof TesseraValidationError || e instanceof TesseraGraphqlError) return oneLine(e.message);
  if (e instanceof Error) return oneLine(e.message || e.name);
  return oneLine(String(e));
}
