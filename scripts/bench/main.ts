/** Entry of `npm run bench`: starts Tessera from dist/, loads a generated catalog and times every row against raw OpenSearch. */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseBenchArgs, USAGE, wants } from './args.js';
import { countCalls } from './calls.js';
import { groupsOf } from './catalog.js';
import { datasetIndex, type BenchContext } from './context.js';
import { closeAgent, request } from './http.js';
import { machine, openSearchPid } from './proc.js';
import { build, RESULTS_DIR, startTessera, startThinLayer, type Running } from './processes.js';
import { READ_ROWS, runRows } from './run-rows.js';
import { runScale } from './scale.js';
import { seedCatalog } from './seed.js';
import { formatTable } from './table.js';
import { callRows, mintBenchToken, openSearchUrl } from './setup.js';

const progress = (line: string) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);

async function main(): Promise<number> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stdout.write(`${args}\n`);
    return args === USAGE ? 0 : 2;
  }
  const opensearch = await openSearchUrl(progress);
  const baseUrl = process.env.BENCH_BASE_URL;
  const secret = process.env.AUTH_SECRET ?? randomBytes(32).toString('hex');
  if (baseUrl && !process.env.AUTH_SECRET) throw new Error('BENCH_BASE_URL needs AUTH_SECRET, the secret that Tessera signs tokens with');
  if (args.build && !baseUrl) build(progress);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const profDir = args.cpuProf ? path.join(RESULTS_DIR, `profiles-${stamp}`) : undefined;
  const tessera: Running | undefined = baseUrl ? undefined : await startTessera({ opensearchUrl: opensearch, prefix: args.prefix, secret, cpuProfDir: profDir });
  const c: BenchContext = {
    tessera: baseUrl ?? tessera!.url, opensearch, prefix: args.prefix, token: await mintBenchToken(secret), datasets: args.datasets,
    groups: groupsOf(args.definitions), concurrency: args.concurrency, seconds: args.seconds, warmupSeconds: args.warmupSeconds,
    tesseraPid: tessera?.pid, osPid: await openSearchPid(opensearch), progress,
  };
  const header = `Tessera bench — ${machine()}; OpenSearch ${opensearch} (pid ${c.osPid ?? 'not local'}); ${args.datasets.toLocaleString('en-US')} datasets, ${args.definitions.toLocaleString('en-US')} definitions; ${args.concurrency} clients; ${args.seconds} s halves ABBA`;
  progress(header);
  let thin: Running | undefined;
  try {
    if (args.scale) {
      const scale = await runScale(c, args);
      return save(stamp, { header, args, scale });
    }
    const seed = await seedCatalog(c, args.definitions);
    const calls = args.countCalls && !baseUrl ? await countCalls(c, secret, callRows(args)) : [];
    if (READ_ROWS.some((row) => wants(args, row))) thin = await startThinLayer(opensearch, datasetIndex(c));
    const startJudged = baseUrl ? undefined : (prefix: string, name = 'tessera-judged') => startTessera({ opensearchUrl: opensearch, prefix, secret, name, cpuProfDir: profDir });
    // With the cache off for every process (GRAPHQL_RESPONSE_CACHE_MB=0 in the environment) the rows are uncached already.
    const uncachedAlready = process.env.GRAPHQL_RESPONSE_CACHE_MB === '0';
    const startUncached = baseUrl || uncachedAlready ? undefined : () => startTessera({ opensearchUrl: opensearch, prefix: args.prefix, secret, name: 'tessera-uncached', env: { GRAPHQL_RESPONSE_CACHE_MB: '0' } });
    const { rows, extra } = await runRows(c, args, thin, startJudged, startUncached);
    process.stdout.write(`\n${header}\n\n${formatTable(rows)}\n\nCPU columns: microseconds of CPU per unit of the OpenSearch process / of the service process, from /proc/<pid>/stat.\n`);
    for (const f of (extra.failures as string[]) ?? []) process.stdout.write(`FAILED ${f}\n`);
    if (calls.length) process.stdout.write(`Engine calls per request: ${calls.map((k) => `${k.row} ${+k.total.toFixed(2)}`).join(', ')}\n`);
    return save(stamp, { header, args, seed, rows, calls, ...extra });
  } finally {
    await thin?.stop();
    await tessera?.stop();
    if (!args.keep) await request('DELETE', `${opensearch}/${args.prefix}*`).catch(() => undefined);
    closeAgent();
  }
}

function save(stamp: string, figures: object): number {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  progress(`figures written to ${path.relative(process.cwd(), file)}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`bench failed: ${(e as Error).stack ?? e}\n`);
    process.exit(1);
  },
);
