/** `tessera lineage`: everything upstream or downstream of an entity within N hops (impact analysis), as a table or JSON. */
import { schemaFieldUrn } from '../../model/urn.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

export interface LineageOptions {
  upstream?: boolean;
  downstream?: boolean;
  hops: number;
  query?: string;
  column?: string;
}

interface Result {
  entity: { urn: string; type: string };
  degree: number;
  paths: { path: { urn: string }[] }[];
}

const SEARCH = `query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total isPartial searchResults { entity { urn type } degree paths { path { urn } } } } }`;
/** The walk's own bound (hops beyond it are refused rather than cut silently). */
const MAX_HOPS = 10;
const PAGE = 1000;
/** Paging by offset reaches this far (the server's search window). */
const WINDOW = 10_000;

export async function runLineage(ctx: CliContext, urn: string, opts: LineageOptions): Promise<void> {
  if (opts.upstream && opts.downstream) throw new CliError('choose one direction: --upstream or --downstream');
  if (opts.column !== undefined && !urn.startsWith('urn:li:dataset:')) throw new CliError(`--column needs a dataset URN, not ${urn}`);
  if (opts.column === '') throw new CliError('--column needs a field path');
  if (opts.hops > MAX_HOPS) throw new CliError(`--hops must be at most ${MAX_HOPS}, not ${opts.hops}`);
  const direction = opts.upstream ? 'UPSTREAM' : 'DOWNSTREAM';
  // The degree filter bounds the walk: 1 and 2 exactly, 3+ as far as asked (kept to --hops below).
  const degrees = ['1', '2', '3+'].slice(0, Math.min(opts.hops, 3));
  // From a column the results are the datasets holding the columns reached, with a path to each column.
  const from = opts.column !== undefined ? schemaFieldUrn(urn, opts.column) : urn;
  const client = ctx.client();
  const found: Result[] = [];
  let partial = false;
  for (let start = 0; start < WINDOW; start += PAGE) {
    const input = { urn: from, direction, query: opts.query ?? '*', start, count: PAGE, orFilters: [{ and: [{ field: 'degree', values: degrees }] }] };
    const data = await client.graphql<{ searchAcrossLineage: { total: number; isPartial: boolean; searchResults: Result[] } }>(SEARCH, { input });
    const page = data.searchAcrossLineage;
    partial ||= page.isPartial;
    found.push(...page.searchResults);
    if (page.searchResults.length < PAGE || found.length >= page.total) break;
  }
  const reached =
    opts.column === undefined
      ? found.map((r) => ({ urn: r.entity.urn, type: r.entity.type, degree: r.degree, path: r.paths[0]?.path.map((p) => p.urn) ?? [] }))
      : found.flatMap((r) => r.paths.map((p) => p.path.map((x) => x.urn)).map((path) => ({ urn: path[path.length - 1], type: 'SCHEMA_FIELD', degree: path.length - 1, path })));
  const rows = reached.filter((r) => r.degree <= opts.hops).sort((a, b) => a.degree - b.degree || a.urn.localeCompare(b.urn));
  if (ctx.json()) return ctx.printJson({ urn: from, direction, hops: opts.hops, count: rows.length, partial, entities: rows });
  const way = direction === 'UPSTREAM' ? 'upstream' : 'downstream';
  if (rows.length === 0) return ctx.io.err(`Nothing ${way} of ${from} within ${opts.hops} hop${opts.hops === 1 ? '' : 's'}.`);
  ctx.io.out(['HOPS', 'TYPE', 'URN', 'VIA'].join('\t'));
  for (const r of rows) ctx.io.out([r.degree, r.type, r.urn, r.path.slice(1, -1).join(' > ')].join('\t'));
  const noun = opts.column === undefined ? `entit${rows.length === 1 ? 'y' : 'ies'}` : `column${rows.length === 1 ? '' : 's'}`;
  ctx.io.err(`${rows.length} ${noun} ${way} of ${from} within ${opts.hops} hop${opts.hops === 1 ? '' : 's'}${partial ? ' (partial: the walk met more entities than it reads)' : ''}.`);
}
