/** `tessera export`: a search as CSV (urn, name, chosen properties, tags), streamed to a file or stdout. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { applicablePlatforms } from '../../catalog/structured-properties/compliance-query.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { StructuredPropertyConstraints } from '../../model/aspects/structured-property-constraints.js';

export interface ExportOptions {
  type: string;
  query?: string;
  property: string[];
  tags: boolean;
  includeSoftDeleted?: boolean;
  output?: string;
  /** Only entities that miss a value of this property where it is required (as the compliance report counts them). */
  missing?: string;
  /** Only entities holding a value of this property that breaks its rules. */
  invalid?: string;
  /** Only what is downstream (or upstream) of this entity, within `hops`: an impacted set, with a degree column. */
  downstreamOf?: string;
  upstreamOf?: string;
  hops?: string;
}

/** `--missing` / `--invalid` as search filters: the platforms a requirement covers come from the property's rules. */
async function complianceFilters(ctx: CliContext, opts: ExportOptions): Promise<string | undefined> {
  if (!opts.missing && !opts.invalid) return undefined;
  if (opts.missing && opts.invalid) throw new CliError('Say --missing or --invalid, not both (export them one after the other)');
  const qn = (opts.missing ?? opts.invalid)!.replace(/^urn:li:structuredProperty:/, '');
  const field = `structuredProperties.${qn}`;
  if (opts.invalid) return JSON.stringify([{ and: [{ field, condition: 'INVALID' }] }]);
  const aspects = (await ctx.client().getEntity(`urn:li:structuredProperty:${qn}`, ['propertyDefinition', 'structuredPropertyConstraints']))?.aspects;
  if (!aspects?.propertyDefinition) throw new CliError(`Structured property ${qn} does not exist`);
  const platforms = applicablePlatforms(aspects.propertyDefinition as PropertyDefinition, aspects.structuredPropertyConstraints as StructuredPropertyConstraints | undefined);
  return JSON.stringify([{ and: [{ field, condition: 'NOT_EXISTS' }, ...(platforms.length > 0 ? [{ field: 'platform', values: platforms }] : [])] }]);
}

export async function runExport(ctx: CliContext, opts: ExportOptions): Promise<void> {
  const orFilters = await complianceFilters(ctx, opts);
  const res = await ctx.client().stream(`/openapi/v3/export/${encodeURIComponent(opts.type)}`, {
    accept: 'text/csv',
    query: {
      query: opts.query, orFilters, property: opts.property, tags: String(opts.tags), includeSoftDelete: opts.includeSoftDeleted ? 'true' : undefined,
      downstreamOf: opts.downstreamOf, upstreamOf: opts.upstreamOf, hops: opts.hops,
    },
  });
  const body = Readable.fromWeb(res.body as any);
  let lines = 0;
  body.on('data', (chunk: Buffer) => {
    for (const byte of chunk) if (byte === 0x0a) lines++;
  });
  if (opts.output) {
    await pipeline(body, createWriteStream(opts.output));
    ctx.io.err(`Exported ${Math.max(0, lines - 1)} rows to ${opts.output}`);
    return;
  }
  for await (const chunk of body) if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
}
