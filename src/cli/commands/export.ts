/** `tessera export`: a search as CSV (urn, name, chosen properties, tags), streamed to a file or stdout. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CliContext } from '../cli-context.js';

export interface ExportOptions {
  type: string;
  query?: string;
  property: string[];
  tags: boolean;
  includeSoftDeleted?: boolean;
  output?: string;
}

export async function runExport(ctx: CliContext, opts: ExportOptions): Promise<void> {
  const res = await ctx.client().stream(`/openapi/v3/export/${encodeURIComponent(opts.type)}`, {
    accept: 'text/csv',
    query: { query: opts.query, property: opts.property, tags: String(opts.tags), includeSoftDelete: opts.includeSoftDeleted ? 'true' : undefined },
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
