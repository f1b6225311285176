/** Where the CLI writes and reads: stdout for results, stderr for progress and diagnostics, stdin for prompts. */
import { createInterface } from 'node:readline/promises';

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** Raw write to stderr (progress bar redraws). */
  errRaw(text: string): void;
  /** stdin and stderr are terminals: prompts and progress bars are allowed. */
  interactive: boolean;
  ask(question: string): Promise<string>;
}

export function processIO(): CliIO {
  return {
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    errRaw: (text) => void process.stderr.write(text),
    interactive: !!process.stdin.isTTY && !!process.stderr.isTTY,
    async ask(question) {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await rl.question(question);
      } finally {
        rl.close();
      }
    },
  };
}

/** Asks a yes/no question; only "y" or "yes" agrees. */
export async function confirm(io: CliIO, question: string): Promise<boolean> {
  const answer = (await io.ask(`${question} [y/N] `)).trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}
