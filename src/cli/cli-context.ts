/** What every command receives: I/O, the environment, the output mode, and a lazily configured client and emitter. */
import { TesseraClient } from '../sdk/client.js';
import { Emitter } from '../sdk/emitter.js';
import type { CliIO } from './cli-io.js';
import { describeConnection, resolveConnection, type Connection } from './cli-config.js';
import { formatJson } from './format-json.js';

export interface CliContext {
  io: CliIO;
  env: Record<string, string | undefined>;
  /** `--json`: one machine-readable JSON document on stdout. */
  json(): boolean;
  client(): TesseraClient;
  emitter(): Emitter;
  printJson(value: unknown, opts?: { sortKeys?: boolean }): void;
  /** Where the client's server and token came from, once a command has used the client. */
  connectionHint(): string | undefined;
}

export function createContext(io: CliIO, env: Record<string, string | undefined>, json: () => boolean): CliContext {
  let client: TesseraClient | undefined;
  let connection: Connection | undefined;
  const ctx: CliContext = {
    io,
    env,
    json,
    client() {
      // CLI writes wait until search sees them, so `upsert` followed by `list` always agrees.
      connection ??= resolveConnection(env);
      client ??= new TesseraClient({ server: connection.server, token: connection.token, waitForSearch: true, clientName: 'cli' });
      return client;
    },
    emitter: () => new Emitter(ctx.client()),
    printJson: (value, opts) => io.out(formatJson(value, opts)),
    connectionHint: () => (connection ? describeConnection(connection) : undefined),
  };
  return ctx;
}
