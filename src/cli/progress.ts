/** Reports a long operation: a redrawn bar on a terminal, plain result lines otherwise, nothing extra in --json mode. */
import type { CliIO } from './cli-io.js';

export interface Progress {
  /** One item finished; `line` (if any) is printed to stdout, `problem` (if any) to stderr. */
  step(line?: string, problem?: string): void;
  done(): void;
}

const WIDTH = 28;

export function renderBar(done: number, total: number, label: string): string {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
}

/** `json` suppresses human lines (the command prints one JSON document at the end). */
export function createProgress(io: CliIO, total: number, label: string, json: boolean): Progress {
  const bar = io.interactive && !json && total > 1;
  let done = 0;
  const clear = () => bar && io.errRaw('\r\x1b[2K');
  const draw = () => bar && io.errRaw(renderBar(done, total, label));
  draw();
  return {
    step(line, problem) {
      done++;
      clear();
      if (problem) io.err(problem);
      if (line && !json) io.out(line);
      draw();
    },
    done() {
      clear();
    },
  };
}
