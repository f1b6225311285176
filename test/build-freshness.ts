/** Whether dist/ was built after the last change of the sources (tests that run the build use it, else they build or use tsx). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : entry.name.endsWith('.ts') ? statSync(p).mtimeMs : 0);
  }
  return newest;
}

/** True when `built` (a file of dist/) exists and is newer than every source file. */
export function builtAfterSources(built: string): boolean {
  return existsSync(built) && statSync(built).mtimeMs >= newestSource(join(ROOT, 'src'));
}
