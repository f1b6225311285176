/** The benchmark's command line: sizes, durations and which rows to run. */

export interface BenchArgs {
  datasets: number;
  definitions: number;
  /** Seconds of each timed half (four halves per row, ABBA). */
  seconds: number;
  warmupSeconds: number;
  concurrency: number;
  scale: boolean;
  /** Row names to run (empty: all). */
  only: string[];
  build: boolean;
  keep: boolean;
  /** Start Tessera with --cpu-prof for the rows run, writing profiles to bench-results/. */
  cpuProf: boolean;
  /** Count engine calls per request through a counting proxy (a second Tessera process). */
  countCalls: boolean;
  prefix: string;
  /** Seconds of a sustained load for the bulk row's lag to the event poll (its own batches in flight); 0: the short probes. */
  sustainedLagSeconds: number;
  /** Records of the ingest row's generated file source. */
  ingestRecords: number;
}

export const USAGE = `usage: npm run bench -- [--datasets N] [--definitions N] [--seconds S] [--warmup S] [--concurrency C]
  [--only row,row] [--scale] [--no-build] [--keep] [--cpu-prof] [--no-count-calls] [--prefix p_] [--sustained-lag S] [--ingest-records N]
rows: bulk, rest-get, graphql-get, graphql-filter, rest-query, facets, search-page, search-words, autocomplete, rmw, reindex, cli, export, import, relevance, compliance, ingest
  (compliance loads 1,000,000 datasets under <prefix>compliance_ once; --keep keeps them for the next run)
--sustained-lag S: the bulk row's lag to the event poll measured over S seconds of its load (e.g. 300) instead of short probes.
--ingest-records N: records in the ingest row's file source (default 100,000; it runs \`datahub ingest\` from test/compat/datahub-venv.sh).
--scale: 1,000,000 datasets and 10,000 definitions unless --datasets / --definitions say otherwise.
Environment: BENCH_BASE_URL (use a running Tessera, then AUTH_SECRET must be its secret), OPENSEARCH_URL.`;

export const ROWS = ['bulk', 'rest-get', 'graphql-get', 'graphql-filter', 'rest-query', 'facets', 'search-page', 'search-words', 'autocomplete', 'rmw', 'reindex', 'cli', 'export', 'import', 'relevance', 'compliance', 'lineage', 'propagation', 'ingest'] as const;

export function parseBenchArgs(argv: string[]): BenchArgs | string {
  const a: BenchArgs = {
    datasets: NaN, definitions: NaN, seconds: 4, warmupSeconds: 2, concurrency: 16, scale: false, only: [],
    build: true, keep: false, cpuProf: false, countCalls: true, prefix: '', sustainedLagSeconds: 0, ingestRecords: 100_000,
  };
  const num = (v: string | undefined, name: string): number | string => {
    const n = Number(v);
    return v !== undefined && Number.isFinite(n) && n > 0 ? n : `${name} needs a positive number`;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    let n: number | string = 0;
    switch (flag) {
      case '--datasets': if (typeof (n = num(value(), flag)) === 'string') return n; a.datasets = Math.floor(n); break;
      case '--definitions': if (typeof (n = num(value(), flag)) === 'string') return n; a.definitions = Math.floor(n); break;
      case '--seconds': if (typeof (n = num(value(), flag)) === 'string') return n; a.seconds = n; break;
      case '--warmup': if (typeof (n = num(value(), flag)) === 'string') return n; a.warmupSeconds = n; break;
      case '--concurrency': if (typeof (n = num(value(), flag)) === 'string') return n; a.concurrency = Math.floor(n); break;
      case '--only': {
        a.only = (value() ?? '').split(',').filter(Boolean);
        const unknown = a.only.filter((r) => !(ROWS as readonly string[]).includes(r));
        if (unknown.length) return `unknown row(s) ${unknown.join(', ')}\n${USAGE}`;
        break;
      }
      case '--sustained-lag': if (typeof (n = num(value(), flag)) === 'string') return n; a.sustainedLagSeconds = n; break;
      case '--ingest-records': if (typeof (n = num(value(), flag)) === 'string') return n; a.ingestRecords = Math.floor(n); break;
      case '--prefix': a.prefix = value() ?? ''; break;
      case '--scale': a.scale = true; break;
      case '--no-build': a.build = false; break;
      case '--keep': a.keep = true; break;
      case '--cpu-prof': a.cpuProf = true; break;
      case '--no-count-calls': a.countCalls = false; break;
      case '--help': case '-h': return USAGE;
      default: return `unknown argument ${argv[i]}\n${USAGE}`;
    }
  }
  if (Number.isNaN(a.datasets)) a.datasets = a.scale ? 1_000_000 : 20_000;
  if (Number.isNaN(a.definitions)) a.definitions = a.scale ? 10_000 : 50;
  if (a.definitions < 5) return '--definitions must be at least 5 (one of each value kind)';
  if (!a.prefix) a.prefix = a.scale ? 'bench_scale_' : 'bench_';
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(a.prefix)) return '--prefix: lower-case letters, digits, _ and - only';
  return a;
}

export const wants = (a: BenchArgs, row: string) => a.only.length === 0 || a.only.includes(row);
