/** The reindex row: `npm run reindex`'s rebuild of the dataset index against `_reindex` and an alias swap done by hand. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { datasetIndex, osOk, type BenchContext } from './context.js';
import { ROOT } from './processes.js';

export interface ReindexFigures {
  tesseraSeconds: number[];
  /** Process start and module loading of the reindex command (its `--help` run), taken off the Tessera times. */
  startupSeconds: number;
  rawSeconds: number[];
  documents: number;
  /** The last Tessera rebuild's output, each line stamped with seconds since the command started. */
  timeline?: string;
}

function runReindex(c: BenchContext, args: string[]): Promise<{ seconds: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/reindex.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, OPENSEARCH_URL: c.opensearch, INDEX_PREFIX: c.prefix, SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true', ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE: 'true' },
    });
    // Each output line is stamped with the seconds since spawn, so the JSON shows where a rebuild spends its time.
    let out = '';
    const stamp = (d: Buffer) => (out += String(d).split('\n').filter(Boolean).map((l) => `[${((performance.now() - t0) / 1000).toFixed(2)}] ${l}\n`).join(''));
    child.stdout.on('data', stamp);
    child.stderr.on('data', stamp);
    child.on('exit', (code) => (code === 0 ? resolve({ seconds: (performance.now() - t0) / 1000, out }) : reject(new Error(`reindex exited ${code}: ${out.slice(-600)}`))));
  });
}

/**
 * Gives the rebuild a reason to run: a property field mapped on the index that no definition uses and no entity holds
 * (what a hard delete leaves when its clean-up could not free the mapping), which the rebuild drops.
 */
async function leaveDroppedField(c: BenchContext, n: number): Promise<void> {
  const field = `bench_orphan_${Date.now()}_${n}`;
  await osOk(c, 'PUT', `/${datasetIndex(c)}/_mapping`, { properties: { structuredProperties: { properties: { [field]: { type: 'double' } } } } });
}

/** What the service must do by hand: new index beside the old, write block, copy, check, one alias swap, drop the old. */
async function rawRebuild(c: BenchContext): Promise<number> {
  const alias = datasetIndex(c);
  const t0 = performance.now();
  const live = Object.keys((await osOk(c, 'GET', `/_alias/${alias}`)).json())[0];
  const mappings = (await osOk(c, 'GET', `/${live}/_mapping`)).json()[live].mappings;
  const settings = JSON.parse(readFileSync(path.join(ROOT, 'mappings/entity-index.json'), 'utf8')).settings;
  const next = `${alias}_${new Date().toISOString().replace(/[-:TZ.]/g, '')}`;
  await osOk(c, 'PUT', `/${next}`, { settings, mappings });
  await osOk(c, 'PUT', `/${live}/_settings`, { 'index.blocks.write': true });
  await osOk(c, 'POST', `/${live}/_refresh`);
  await osOk(c, 'POST', '/_reindex?wait_for_completion=true&refresh=true', { source: { index: live, size: 1000 }, dest: { index: next } });
  const [a, b] = await Promise.all([live, next].map(async (i) => (await osOk(c, 'GET', `/${i}/_count`)).json().count));
  if (a !== b) throw new Error(`raw copy incomplete: ${a} vs ${b}`);
  await osOk(c, 'POST', '/_aliases', { actions: [{ remove: { index: live, alias } }, { add: { index: next, alias } }] });
  await osOk(c, 'DELETE', `/${live}`);
  return (performance.now() - t0) / 1000;
}

export async function runReindexRow(c: BenchContext): Promise<ReindexFigures> {
  const count = async () => {
    await osOk(c, 'POST', `/${datasetIndex(c)}/_refresh`);
    return (await osOk(c, 'GET', `/${datasetIndex(c)}/_count`)).json().count as number;
  };
  const documents = await count();
  const startupSeconds = Math.min((await runReindex(c, ['--help'])).seconds, (await runReindex(c, ['--help'])).seconds);
  const fig: ReindexFigures = { tesseraSeconds: [], startupSeconds, rawSeconds: [], documents };
  // Mirrored twice (A B B A A B B A): one rebuild takes about 1.5 s at 20,000 documents, so one stray merge or GC pause
  // on either side moves a single pair's ratio by several hundredths.
  for (const side of ['tessera', 'raw', 'raw', 'tessera', 'tessera', 'raw', 'raw', 'tessera'] as const) {
    if (side === 'tessera') {
      await leaveDroppedField(c, fig.tesseraSeconds.length);
      const r = await runReindex(c, ['--types', 'dataset']);
      if (!/rebuilt/.test(r.out) || /0 rebuilt/.test(r.out)) throw new Error(`reindex did not rebuild: ${r.out.slice(-400)}`);
      fig.tesseraSeconds.push(r.seconds - startupSeconds);
      fig.timeline = r.out;
    } else fig.rawSeconds.push(await rawRebuild(c));
    const after = await count();
    if (after !== documents) throw new Error(`equal-results probe failed for reindex: ${documents} documents before, ${after} after`);
    c.progress(`  ${side.padEnd(8)} ${(side === 'tessera' ? fig.tesseraSeconds : fig.rawSeconds).at(-1)!.toFixed(2)} s`);
  }
  return fig;
}
