// `npm run test:changed [base] [--list]`: runs the tests nearest to what changed since `base` (default HEAD, plus files
// not yet committed), for a quick answer while working; `npm test` stays the judge before a commit. --list prints them.
//  - a changed test file runs itself; a changed helper of a test directory runs the files that import it;
//  - unit tests: every one whose imports reach a changed file (`vitest related`, through the module graph);
//  - integration and browser tests: every one that imports a changed file directly, or whose name shares a word with
//    the changed file's name or folder (src/catalog/tags/… → tags-*.test.ts). Every app starts through the test
//    harness, which imports the whole service, so the module graph alone would name every file.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const base = args.find((a) => !a.startsWith('--')) ?? 'HEAD';
const listOnly = args.includes('--list');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter((f) => existsSync(join(root, f)));

const testFiles = (dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`);
const slow = [...testFiles('test/integration'), ...testFiles('test/browser')];
/** Words of a path that name a capability (not the generic folders). */
const GENERIC = new Set(['src', 'test', 'ts', 'index', 'catalog', 'http', 'storage', 'model', 'integration', 'browser', 'unit', 'routes', 'route', 'helpers', 'harness', 'the', 'of']);
const words = (path) => path.replace(/\.(test\.)?ts$/, '').split(/[/._-]+/).map((w) => w.toLowerCase()).filter((w) => w.length > 2 && !GENERIC.has(w));

const picked = new Set(changed.filter((f) => /\.test\.ts$/.test(f)));
const sources = changed.filter((f) => /\.(ts|tsx|mjs|json)$/.test(f) && !/\.test\.ts$/.test(f));
for (const file of slow) {
  const text = readFileSync(join(root, file), 'utf8');
  const fileWords = new Set(words(basename(file)));
  for (const src of sources) {
    const spec = relative(dirname(join(root, file)), join(root, src)).replace(/\.tsx?$/, '.js');
    if (text.includes(spec.startsWith('.') ? spec : `./${spec}`)) picked.add(file);
    if (src.startsWith('src/') && words(src).some((w) => fileWords.has(w))) picked.add(file);
  }
}

const run = (argv) => {
  if (listOnly) {
    process.stdout.write(`vitest ${argv.join(' ')}\n`);
    return 0;
  }
  return spawnSync('npx', ['vitest', ...argv], { cwd: root, stdio: 'inherit' }).status ?? 1;
};
let status = 0;
const unitSources = sources.filter((f) => f.startsWith('src/') || f.startsWith('test/unit/'));
if (unitSources.length) status ||= run(['related', '--run', ...unitSources, '--project', 'unit', '--passWithNoTests']);
const slowPicked = [...picked].filter((f) => !f.startsWith('test/unit/'));
const unitPicked = [...picked].filter((f) => f.startsWith('test/unit/'));
if (unitPicked.length) status ||= run(['run', '--project', 'unit', ...unitPicked]);
if (slowPicked.length) {
  process.stderr.write(`test:changed: ${slowPicked.length} integration/browser file(s): ${slowPicked.join(' ')}\n`);
  status ||= run(['run', '--project', 'integration', '--project', 'browser', ...slowPicked]);
}
if (!unitSources.length && !picked.size) process.stderr.write('test:changed: nothing changed that a test covers\n');
process.exit(status);
