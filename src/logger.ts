/** The process logger (pino) and the log context of the work in progress (request or job id), added to every line it causes; secrets are never logged. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** What every log line written on behalf of one request (or one job) carries. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  /** Set once the request is authenticated: the stored token it came with, and the interface it came through (change records carry both). */
  tokenId?: string;
  /** The authenticated caller (administrative change records name it). */
  actor?: string;
  via?: 'REST_V2' | 'REST_V3' | 'GRAPHQL' | 'WIRE' | 'CLI' | 'WEB' | 'MCP';
}

const logContext = new AsyncLocalStorage<LogContext>();
/** Runs of `runWithLogContext` not yet settled. */
let running = 0;

const settled = () => {
  // With no run left, the async hooks that carry the context go off: while on, they cost every promise and every
  // await of the process (5 % of a point read, 10 % of a search page, measured), so work that records nothing runs without them.
  if (--running === 0) logContext.disable();
};

/**
 * Runs `fn` (and everything it starts, synchronously or not) with `context`: its change records and jobs carry it, and
 * its log lines add it. Used for work that may change something (requests that write, jobs); reads run outside it, so
 * the async hooks are on only while such work is in flight.
 */
export function runWithLogContext<T>(context: LogContext, fn: () => T): T {
  running++;
  let result: T;
  try {
    result = logContext.run(context, fn);
  } catch (e) {
    settled();
    throw e;
  }
  if (result instanceof Promise) result.then(settled, settled);
  else settled();
  return result;
}

/** The request or job the current code runs for, if any. */
export const currentLogContext = (): LogContext | undefined => logContext.getStore();

/** Paths never written, whatever object is logged: credentials, tokens, secrets, request bodies. */
const REDACT = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', '*.authorization', 'authorization',
  '*.AUTH_SECRET', 'AUTH_SECRET', '*.token', 'token', '*.password', 'password', '*.secret', 'secret', 'body', '*.body',
];

export interface LoggerOptions {
  /** Colourised lines instead of JSON; default: when stdout is a terminal. */
  pretty?: boolean;
  /** Where JSON lines go; default stdout. */
  destination?: DestinationStream;
}

/** Lines written to stdout at most this long after they were logged; under load, one write per few kilobytes instead of one per line. */
const FLUSH_MS = 250;

/**
 * Standard output for JSON lines, buffered: writing each access-log line with its own system call cost a REST point read
 * about a tenth of its CPU. The buffer is flushed every FLUSH_MS, and pino flushes it synchronously when the process exits.
 */
function bufferedStdout(): DestinationStream {
  const out = pino.destination({ dest: 1, minLength: 4096, sync: false });
  setInterval(() => out.flush(), FLUSH_MS).unref();
  return out;
}

export function createLogger(level: string, opts: LoggerOptions = {}): Logger {
  const options = {
    level,
    base: undefined,
    redact: { paths: REDACT, censor: '[redacted]' },
    mixin: () => ({ ...logContext.getStore() }),
  };
  if (!(opts.pretty ?? process.stdout.isTTY === true)) return pino(options, opts.destination ?? bufferedStdout());
  return pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', sync: true }));
}

/**
 * A logger for lines whose fields are fixed and hold no secrets (the access log: method, route template, status,
 * latency, actor, request id): the same level and output as `log`, without the redaction walk and the context mixin,
 * which cost about 7 µs a line.
 */
export function fixedFieldLogger(log: Logger): Logger {
  const stream = (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  return pino({ level: log.level, base: undefined }, stream);
}
