/** Makes sure a virtualenv with the original's client (acryl-datahub, pinned) exists outside the repository, and tells the tests where. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';

export const DATAHUB_VERSION = '1.7.0.17';

export async function setup(project: TestProject): Promise<void> {
  const venv = process.env.TESSERA_DATAHUB_VENV ?? join(homedir(), '.cache', 'tessera', 'datahub-venv');
  const marker = join(venv, `.acryl-datahub-${DATAHUB_VERSION}`);
  if (!existsSync(marker)) {
    process.stderr.write(`[compat] installing acryl-datahub==${DATAHUB_VERSION} into ${venv} (once)\n`);
    rmSync(venv, { recursive: true, force: true });
    mkdirSync(dirname(venv), { recursive: true });
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `acryl-datahub==${DATAHUB_VERSION}`], { stdio: 'inherit' });
    writeFileSync(marker, `${new Date().toISOString()}\n`);
  }
  project.provide('datahubVenv', venv);
}

declare module 'vitest' {
  export interface ProvidedContext {
    datahubVenv: string;
  }
}
