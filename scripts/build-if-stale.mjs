// Builds dist/ (`npm run build`) unless it is newer than every file it is built from, then stamps it.
// `npm install` builds through `prepare`; `npm test` calls this again and finds the build fresh: one build per change.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const inputs = ['src', 'web', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let n = st.mtimeMs;
  for (const entry of readdirSync(path)) n = Math.max(n, newest(join(path, entry)));
  return n;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map((p) => join(root, p)).filter(existsSync).map(newest));
if (changed > built) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} else {
  process.stderr.write('dist/ is newer than its sources: not built again\n');
}
