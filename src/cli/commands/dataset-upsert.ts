/** `tessera dataset upsert -f <yaml>`: writes each dataset of the file, skipping (and failing on) those that reference missing properties. */
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { checkPlan, fetchDefinitions, missingReferences } from '../dataset-checks.js';
import { parseDatasetFile, type DatasetPlan } from '../dataset-file.js';
import { createProgress } from '../progress.js';
import { runOrdered } from '../run-ordered.js';
import { readYamlFile } from '../yaml-file.js';

const CONCURRENCY = 8;

interface Outcome {
  urn: string;
  ok: boolean;
  skipped?: boolean;
  error?: string;
}

export async function runDatasetUpsert(ctx: CliContext, opts: { file: string }): Promise<void> {
  const plans = parseDatasetFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const emitter = ctx.emitter();
  // Each referenced property is looked up once; soft-deleted ones count as missing (they cannot take values).
  const known = await fetchDefinitions(client, [...new Set(plans.flatMap((p) => p.propertyUrns))]);
  const definitions = known.live;

  const write = async (p: DatasetPlan): Promise<Outcome> => {
    const missing = missingReferences(p.propertyUrns, known);
    if (missing) return { urn: p.urn, ok: false, skipped: true, error: missing };
    // Values are checked before the first write, so a refused value never leaves the dataset half written.
    const refused = checkPlan(p, definitions);
    if (refused.length > 0) return { urn: p.urn, ok: false, error: refused.join('; ') };
    try {
      // One batch per dataset: the server checks every change before writing the first, then applies them in order.
      await emitter.emitBatch(p.changes);
      return { urn: p.urn, ok: true };
    } catch (e) {
      return { urn: p.urn, ok: false, error: describeError(e) };
    }
  };
  const progress = createProgress(ctx.io, plans.length, 'datasets', ctx.json());
  const results = await runOrdered(plans, CONCURRENCY, write, (_p, r) => {
    if (r.ok) progress.step(`Update succeeded for urn ${r.urn}`);
    else progress.step(undefined, r.skipped ? `Skipping Dataset ${r.urn} due to ${r.error}` : `Update failed for urn ${r.urn}: ${r.error}`);
  }, (p) => p.urn);
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`Failed to sync the following Datasets: ${failed.map((f) => f.urn).join(', ')}`);
}
