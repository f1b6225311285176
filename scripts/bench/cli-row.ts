/**
 * The CLI row: `tessera dataset upsert -f` of one file of 10,000 small datasets (name, description, a tag and one
 * structured property value), as a new user runs it, against raw OpenSearch indexing the same 10,000 documents with
 * `_bulk` (1,000 per request, refreshed at the end). Each run writes new datasets; they are removed afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { qualifiedName } from './catalog.js';
import { datasetIndex, osOk, type BenchContext } from './context.js';
import { ROOT } from './processes.js';

export const CLI_DATASETS = 10_000;
const RUNS = 2;

export interface CliFigures {
  tesseraSeconds: number[];
  rawSeconds: number[];
  datasets: number;
}

const urnOf = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

function datasetFile(dir: string, run: string): { file: string; urns: string[] } {
  const names = Array.from({ length: CLI_DATASETS }, (_, i) => `cli_${run}.d${i}`);
  const text = names
    .map((n, i) => `- id: ${n}\n  platform: hive\n  description: dataset ${i} of the CLI row\n  tags: [cli_bench]\n  structured_properties:\n    ${qualifiedName(0, 'retention')}: ${30 + (i % 90)}\n`)
    .join('');
  const file = path.join(dir, `${run}.yaml`);
  writeFileSync(file, text);
  return { file, urns: names.map(urnOf) };
}

function runCli(c: BenchContext, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(process.env.BENCH_DIST ?? 'dist', 'cli/main.js'), 'dataset', 'upsert', '-f', file], {
      cwd: ROOT,
      env: { ...process.env, TESSERA_SERVER: `${c.tessera}/gms`, TESSERA_TOKEN: c.token, HOME: os.tmpdir() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`tessera dataset upsert exited ${code}: ${err.slice(-600)}`))));
  });
}

/** The same documents, as Tessera stores them, sent by hand: `_bulk` of 1,000 a request, one refresh at the end. */
async function rawBulk(c: BenchContext, index: string, urns: string[]): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < urns.length; i += 1000) {
    const lines = urns.slice(i, i + 1000).flatMap((urn, k) => [
      JSON.stringify({ index: { _index: index, _id: urn } }),
      JSON.stringify({ urn, entityType: 'dataset', aspects: { datasetProperties: { value: { name: urn, description: `dataset ${i + k} of the CLI row` } }, globalTags: { value: { tags: [{ tag: 'urn:li:tag:cli_bench' }] } } }, tags: ['urn:li:tag:cli_bench'] }),
    ]);
    await osOk(c, 'POST', '/_bulk', `${lines.join('\n')}\n`);
  }
  await osOk(c, 'POST', `/${index}/_refresh`);
  return (performance.now() - t0) / 1000;
}

async function remove(c: BenchContext, index: string, urns: string[]): Promise<void> {
  for (let i = 0; i < urns.length; i += 5000) {
    const lines = urns.slice(i, i + 5000).map((urn) => JSON.stringify({ delete: { _index: index, _id: urn } }));
    await osOk(c, 'POST', '/_bulk?refresh=true', `${lines.join('\n')}\n`);
  }
}

export async function runCliRow(c: BenchContext): Promise<CliFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-cli-'));
  const scratch = `${c.prefix}cli_raw`;
  await osOk(c, 'PUT', `/${scratch}`, { settings: { number_of_shards: 1, number_of_replicas: 0 } });
  const figures: CliFigures = { tesseraSeconds: [], rawSeconds: [], datasets: CLI_DATASETS };
  try {
    for (let run = 0; run < RUNS; run++) {
      const { file, urns } = datasetFile(dir, `r${Date.now()}_${run}`);
      // ABBA: the side that goes first alternates.
      const sides = [async () => figures.tesseraSeconds.push(await runCli(c, file)), async () => figures.rawSeconds.push(await rawBulk(c, scratch, urns))];
      for (const side of run % 2 === 0 ? sides : sides.reverse()) await side();
      await remove(c, datasetIndex(c), urns);
      await remove(c, scratch, urns);
      c.progress(`  run ${run + 1}: Tessera ${figures.tesseraSeconds.at(-1)!.toFixed(2)} s, raw ${figures.rawSeconds.at(-1)!.toFixed(2)} s`);
    }
  } finally {
    await osOk(c, 'DELETE', `/${scratch}`);
  }
  return figures;
}
