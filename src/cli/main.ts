#!/usr/bin/env node
/** Entry of the `tessera` command: runs the argument table and turns every failure into one line and an exit code. */
import { readFileSync } from 'node:fs';
import { CommanderError, type Command } from 'commander';
import { createContext } from './cli-context.js';
import { CliError, describeError } from './cli-error.js';
import { processIO } from './cli-io.js';
import { TesseraApiError } from '../sdk/sdk-errors.js';
import { createProgram } from './program.js';

function packageVersion(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const io = processIO();
  let program: Command | undefined;
  const ctx = createContext(io, env, () => !!program?.opts().json);
  program = createProgram(ctx, packageVersion());
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    // Commander has already printed its own usage message.
    if (e instanceof CommanderError) return e.exitCode;
    io.err(`Error: ${describeError(e)}`);
    const hint = e instanceof TesseraApiError && e.status === 401 ? ctx.connectionHint() : undefined;
    if (hint) io.err(`The CLI used: ${hint}`);
    if (env.TESSERA_DEBUG && e instanceof Error && e.stack) io.err(e.stack);
    return e instanceof CliError ? e.exitCode : 1;
  }
}

main(process.argv, process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`Error: ${describeError(e)}\n`);
    process.exitCode = 1;
  },
);
