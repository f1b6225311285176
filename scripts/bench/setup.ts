/** Run set-up helpers: which OpenSearch to use, the bench token, and the rows whose engine calls are counted. */
import { spawnSync } from 'node:child_process';
import type { BenchArgs } from './args.js';
import { wants } from './args.js';
import type { BenchContext } from './context.js';
import { request } from './http.js';
import { facets, graphqlFilter, graphqlGet, restGet, restQuery } from './reads.js';
import { searchPage } from './search-page-row.js';
import { ROOT } from './processes.js';
import { bulkCreate, removeBulkDocs, type BulkState } from './bulk.js';
import type { CountedRow } from './calls.js';

/** OPENSEARCH_URL when set, else the managed node (started with scripts/opensearch.sh when it is not running). */
export async function openSearchUrl(progress: (line: string) => void): Promise<string> {
  const url = (process.env.OPENSEARCH_URL ?? `http://127.0.0.1:${process.env.TESSERA_OS_PORT ?? 9200}`).replace(/\/$/, '');
  if ((await request('GET', url).catch(() => undefined))?.status === 200) return url;
  if (process.env.OPENSEARCH_URL) throw new Error(`OPENSEARCH_URL ${url} does not answer`);
  progress('starting the managed OpenSearch node (scripts/opensearch.sh start)');
  const r = spawnSync('bash', ['scripts/opensearch.sh', 'start'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('could not start the managed OpenSearch node');
  return url;
}

/** Signs the bench's token with Tessera's own minting function (its module moved once; both homes are tried). */
export async function mintBenchToken(secret: string): Promise<string> {
  type Mint = (secret: string, actor: string, ttl: number) => Promise<string>;
  for (const m of ['../../src/auth/tokens.js', '../../src/http/auth.js']) {
    const mod = (await import(m).catch(() => undefined)) as { mintToken?: Mint } | undefined;
    if (mod?.mintToken) return mod.mintToken(secret, 'urn:li:corpuser:bench', 6 * 3600);
  }
  throw new Error('mintToken not found under src/auth/tokens.ts or src/http/auth.ts');
}

/** The Tessera request of each read row, for counting engine calls through the proxy. */
export function callRows(args: BenchArgs) {
  const rows = [
    { row: 'rest-get', make: restGet }, { row: 'graphql-get', make: graphqlGet }, { row: 'graphql-filter', make: graphqlFilter },
    { row: 'rest-query', make: restQuery }, { row: 'facets', make: facets }, { row: 'search-page', make: searchPage },
  ].filter((r) => wants(args, r.row));
  const counted: CountedRow[] = rows.map((r) => ({ row: r.row, op: (ctx: BenchContext) => r.make(ctx).tessera }));
  if (wants(args, 'bulk')) {
    const state: BulkState = { created: [], twoPass: false };
    let ctxOf: BenchContext | undefined;
    counted.unshift({
      row: 'bulk (per batch of 500)', repeats: 2,
      op: (ctx) => ((ctxOf = ctx), bulkCreate(ctx, state).tessera),
      cleanup: async () => ctxOf && removeBulkDocs(ctxOf, state),
    });
  }
  return counted;
}
