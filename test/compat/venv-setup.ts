/** Makes sure the virtualenv with the original's client exists (datahub-venv.sh), and tells the tests where. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const SCRIPT = fileURLToPath(new URL('./datahub-venv.sh', import.meta.url));

export async function setup(project: TestProject): Promise<void> {
  const venv = execFileSync('bash', [SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  project.provide('datahubVenv', venv);
}

declare module 'vitest' {
  export interface ProvidedContext {
    datahubVenv: string;
  }
}
