/** `tessera dataset upsert -f <yaml>`: writes each dataset of the file, skipping (and failing on) those that reference missing properties. */
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { parseDatasetFile } from '../dataset-file.js';
import { createProgress } from '../progress.js';
import { readYamlFile } from '../yaml-file.js';

export async function runDatasetUpsert(ctx: CliContext, opts: { file: string }): Promise<void> {
  const plans = parseDatasetFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const emitter = ctx.emitter();
  // Each referenced property is looked up once; soft-deleted ones count as missing (they cannot take values).
  const allUrns = [...new Set(plans.flatMap((p) => p.propertyUrns))];
  const exists = new Map(await Promise.all(allUrns.map(async (u) => [u, await client.exists(u)] as const)));

  const results: { urn: string; ok: boolean; error?: string }[] = [];
  const progress = createProgress(ctx.io, plans.length, 'datasets', ctx.json());
  for (const p of plans) {
    const missing = p.propertyUrns.filter((u) => !exists.get(u));
    if (missing.length > 0) {
      const error = `missing entity references: ${missing.join(', ')}`;
      results.push({ urn: p.urn, ok: false, error });
      progress.step(undefined, `Skipping Dataset ${p.urn} due to ${error}`);
      continue;
    }
    try {
      // One batch per dataset: the server checks every change before writing the first, then applies them in order.
      await emitter.emitBatch(p.changes);
      results.push({ urn: p.urn, ok: true });
      progress.step(`Update succeeded for urn ${p.urn}`);
    } catch (e) {
      const error = describeError(e);
      results.push({ urn: p.urn, ok: false, error });
      progress.step(undefined, `Update failed for urn ${p.urn}: ${error}`);
    }
  }
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`Failed to sync the following Datasets: ${failed.map((f) => f.urn).join(', ')}`);
}
