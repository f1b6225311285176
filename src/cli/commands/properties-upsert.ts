/** `tessera properties upsert -f <yaml>`: creates or updates every structured property of the file; the server validates each. */
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { createProgress } from '../progress.js';
import { parsePropertyFile } from '../property-file.js';
import { readYamlFile } from '../yaml-file.js';

export async function runPropertiesUpsert(ctx: CliContext, opts: { file: string }): Promise<void> {
  const entries = parsePropertyFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const results: { urn: string; ok: boolean; error?: string }[] = [];
  const progress = createProgress(ctx.io, entries.length, 'structured properties', ctx.json());
  for (const { urn, definition } of entries) {
    try {
      await client.upsertAspect(urn, 'propertyDefinition', definition, { createIfNotExists: false });
      results.push({ urn, ok: true });
      progress.step(`Created structured property ${urn}`);
    } catch (e) {
      const error = describeError(e);
      results.push({ urn, ok: false, error });
      progress.step(undefined, `Failed to upsert structured property ${urn}: ${error}`);
    }
  }
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`${failed.length} of ${results.length} structured properties failed`);
}
