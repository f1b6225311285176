/**
 * `tessera properties compliance [qualifiedName…]`: per property, how many entities it applies to comply with it, miss
 * a value or hold one that breaks its rules (no names: every required property), a few of each by URN, and how to
 * list them all. `--fail-on-missing` makes any missing or invalid value exit code 1, for stewards' CI.
 */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

interface PropertyCompliance {
  urn: string;
  qualifiedName: string;
  displayName?: string;
  required: boolean;
  entityTypes: string[];
  constraints?: { required?: boolean; requiredPlatforms?: string[] };
  applicable: number;
  compliant: number;
  missing: number;
  invalid: number;
  missingSamples: string[];
  invalidSamples: string[];
}

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

/** The platforms the report counts entities of: the required ones, else those the definition allows (none: any). */
async function platformsOf(ctx: CliContext, p: PropertyCompliance): Promise<string[]> {
  if (p.required && p.constraints?.requiredPlatforms?.length) return p.constraints.requiredPlatforms;
  const definition = (await ctx.client().getEntity(p.urn, ['propertyDefinition']))?.aspects.propertyDefinition as PropertyDefinition | undefined;
  return definition?.allowedPlatforms ?? [];
}

/**
 * The REST export of one entity type's entities that miss a value or hold an invalid one: the missing ones are those
 * without the field (on the counted platforms), the invalid ones match the INVALID condition.
 */
function listAllHint(server: string, p: PropertyCompliance, entityType: string, platforms: string[]): string {
  const field = `structuredProperties.${p.qualifiedName}`;
  const onPlatforms = platforms.length > 0 ? [{ field: 'platform', values: platforms }] : [];
  const orFilters = [
    ...(p.missing > 0 ? [{ and: [{ field, condition: 'NOT_EXISTS' }, ...onPlatforms] }] : []),
    ...(p.invalid > 0 ? [{ and: [{ field, condition: 'INVALID' }] }] : []),
  ];
  return `curl -G -H "Authorization: Bearer $TESSERA_TOKEN" '${server}/openapi/v3/export/${entityType}' --data-urlencode 'property=${p.qualifiedName}' --data-urlencode '${`orFilters=${JSON.stringify(orFilters)}`}'`;
}

async function printReport(ctx: CliContext, report: PropertyCompliance[]): Promise<void> {
  const rows = report.map((p) => [p.qualifiedName, p.required ? 'yes' : 'no', p.applicable, p.compliant, p.missing, p.invalid].map(String));
  for (const line of table([COLUMNS, ...rows])) ctx.io.out(line);
  const server = ctx.client().server;
  for (const p of report) {
    if (p.missing === 0 && p.invalid === 0) continue;
    ctx.io.out('');
    for (const [state, count, samples] of [['missing', p.missing, p.missingSamples], ['invalid', p.invalid, p.invalidSamples]] as const) {
      if (count === 0) continue;
      const some = samples.length === 0 ? '' : samples.length < count ? ', for example:' : ':';
      ctx.io.out(`${p.qualifiedName}: ${count} ${state}${some}`);
      for (const urn of samples) ctx.io.out(`  ${urn}`);
    }
    const platforms = await platformsOf(ctx, p);
    ctx.io.out(`List them all as CSV${p.entityTypes.length === 1 ? '' : ' (one export per entity type)'}:`);
    for (const type of p.entityTypes) ctx.io.out(`  ${listAllHint(server, p, type, platforms)}`);
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
