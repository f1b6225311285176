/** `tessera import`: a CSV of property values and tags (the export's shape), previewed with --dry-run or applied. */
import { readFileSync } from 'node:fs';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

export interface ImportOptions {
  file: string;
  type: string;
  dryRun?: boolean;
}

interface Outcome {
  line: number;
  urn: string;
  status: 'changes' | 'applied' | 'refused';
  changes?: { field: string; operation: string; before?: unknown; after?: unknown }[];
  reason?: string;
}

interface Report {
  dryRun: boolean;
  rows: number;
  unchanged: number;
  changed: number;
  refused: number;
  outcomes: Outcome[];
}

const shown = (v: unknown) => (v === undefined ? '–' : JSON.stringify(v));
const describe = (o: Outcome) => (o.status === 'refused' ? o.reason ?? '' : (o.changes ?? []).map((c) => `${c.operation} ${c.field} ${shown(c.before)} → ${shown(c.after)}`).join('; '));

export async function runImport(ctx: CliContext, opts: ImportOptions): Promise<void> {
  let csv: string;
  try {
    csv = readFileSync(opts.file, 'utf8');
  } catch (e) {
    throw new CliError(`Cannot read ${opts.file}: ${(e as Error).message}`);
  }
  const report = await ctx.client().request<Report>('POST', `/openapi/v3/import/${encodeURIComponent(opts.type)}`, { body: { csv, dryRun: opts.dryRun === true } });
  if (ctx.json()) ctx.printJson(report);
  else {
    if (report.outcomes.length > 0) ctx.io.out(['LINE', 'URN', 'STATUS', 'WHAT'].join('\t'));
    for (const o of report.outcomes) ctx.io.out([o.line, o.urn, o.status === 'changes' ? 'would change' : o.status, describe(o)].join('\t'));
    const verb = report.dryRun ? 'would change' : 'changed';
    ctx.io.err(`${report.rows} rows: ${report.changed} ${verb}, ${report.unchanged} unchanged, ${report.refused} refused${report.dryRun ? ' (dry run: nothing written)' : ''}`);
  }
  if (report.refused > 0) throw new CliError(`${report.refused} ${report.refused === 1 ? 'row was' : 'rows were'} refused (their lines say why)`);
}
