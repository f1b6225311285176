// Builds dist/ (`npm run build`) unless it is newer than every file it is built from, then stamps it.
// `npm install` builds through `prepare`; `npm test` calls this again and finds the build fresh: one build per change.
// Tests that run the build (the CLI, the fault and cluster services) ask `buildIsFresh()`: one rule for all of them.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const inputs = ['src', 'web', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle-cli.mjs'];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let n = st.mtimeMs;
  for (const entry of readdirSync(path)) n = Math.max(n, newest(join(path, entry)));
  return n;
}

/** Whether the last build (its stamp) is at least as new as every file it is built from. */
export function buildIsFresh() {
  const changed = Math.max(...inputs.map((p) => join(root, p)).filter(existsSync).map(newest));
  return existsSync(stamp) && statSync(stamp).mtimeMs >= changed;
}

export function buildIfStale() {
  if (buildIsFresh()) return void process.stderr.write('dist/ is newer than its sources: not built again\n');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildIfStale();
