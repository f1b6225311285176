/** `tessera properties upsert -f <yaml>`: creates or updates every structured property of the file; the server validates each. */
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { createProgress } from '../progress.js';
import { parsePropertyFile } from '../property-file.js';
import { runOrdered } from '../run-ordered.js';
import { readYamlFile } from '../yaml-file.js';

const CONCURRENCY = 8;

export async function runPropertiesUpsert(ctx: CliContext, opts: { file: string }): Promise<void> {
  const entries = parsePropertyFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const progress = createProgress(ctx.io, entries.length, 'structured properties', ctx.json());
  const results = await runOrdered(
    entries,
    CONCURRENCY,
    async ({ urn, definition }) => {
      try {
        await client.upsertAspect(urn, 'propertyDefinition', definition, { createIfNotExists: false });
        return { urn, ok: true };
      } catch (e) {
        return { urn, ok: false, error: describeError(e) };
      }
    },
    (_entry, r) => progress.step(r.ok ? `Created structured property ${r.urn}` : undefined, r.ok ? undefined : `Failed to upsert structured property ${r.urn}: ${r.error}`),
  );
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`${failed.length} of ${results.length} structured properties failed`);
}
