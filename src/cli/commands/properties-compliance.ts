/**
 * `tessera properties compliance [qualifiedName…]`: per property, how many entities it applies to comply with it, miss
 * a value or hold one that breaks its rules (no names: every required property), a few of each by URN, and how to
 * list them all. `--fail-on-missing` makes any missing or invalid value exit code 1, for stewards' CI.
 */
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import type { PropertyCompliance } from '../../catalog/structured-properties/compliance.js';

export interface ComplianceOptions {
  properties: string[];
  samples?: number;
  failOnMissing?: boolean;
}

const COLUMNS = ['PROPERTY', 'REQUIRED', 'APPLICABLE', 'COMPLIANT', 'MISSING', 'INVALID'];

/** Columns padded to their widest cell, two spaces apart. */
function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
}

/** The `tessera export` that lists every entity of one type in a state (missing or invalid) as CSV: one file per type. */
export function listAllHint(p: PropertyCompliance, entityType: string, state: 'missing' | 'invalid'): string {
  const file = p.entityTypes.length === 1 ? `${p.qualifiedName}-${state}.csv` : `${p.qualifiedName}-${entityType}-${state}.csv`;
  return `tessera export --type ${entityType} --${state} ${p.qualifiedName} --property ${p.qualifiedName} -o ${file}`;
}

async function printReport(ctx: CliContext, report: PropertyCompliance[]): Promise<void> {
  const rows = report.map((p) => [p.qualifiedName, p.required ? 'yes' : 'no', p.applicable, p.compliant, p.missing, p.invalid].map(String));
  for (const line of table([COLUMNS, ...rows])) ctx.io.out(line);
  for (const p of report) {
    if (p.missing === 0 && p.invalid === 0) continue;
    ctx.io.out('');
    for (const [state, count, samples] of [['missing', p.missing, p.missingSamples], ['invalid', p.invalid, p.invalidSamples]] as const) {
      if (count === 0) continue;
      const some = samples.length === 0 ? '' : samples.length < count ? ', for example:' : ':';
      ctx.io.out(`${p.qualifiedName}: ${count} ${state}${some}`);
      for (const urn of samples) ctx.io.out(`  ${urn}`);
    }
    ctx.io.out(`List them all as CSV${p.entityTypes.length === 1 ? '' : ' (one export per entity type)'}:`);
    for (const type of p.entityTypes) for (const state of ['missing', 'invalid'] as const) if (p[state] > 0) ctx.io.out(`  ${listAllHint(p, type, state)}`);
  }
}

export async function runPropertiesCompliance(ctx: CliContext, opts: ComplianceOptions): Promise<void> {
  const { properties: report } = await ctx.client().request<{ properties: PropertyCompliance[] }>('GET', '/openapi/v3/structuredProperties/compliance', {
    query: { property: opts.properties, samples: opts.samples },
  });
  if (ctx.json()) ctx.printJson({ properties: report });
  else if (report.length === 0) ctx.io.err('No structured property is required; name properties to report on them');
  else await printReport(ctx, report);
  // A property that is not required can lack values; only its invalid ones fail.
  const failing = report.filter((p) => (p.required && p.missing > 0) || p.invalid > 0);
  if (opts.failOnMissing && failing.length > 0) {
    throw new CliError(`${failing.length} of ${report.length} structured propert${report.length === 1 ? 'y has' : 'ies have'} missing or invalid values: ${failing.map((p) => p.qualifiedName).join(', ')}`);
  }
}
