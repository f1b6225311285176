/**
 * `tessera dataset upsert -f <yaml>`: checks the whole file first (its shape, then every property value against its
 * definition) and reports every problem at once, writing nothing; then writes the datasets in batches.
 */
import { basename } from 'node:path';
import { SOURCE_FILE_PROPERTY } from '../../model/proposal.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { fetchDefinitions, planProblems } from '../dataset-checks.js';
import { parseDatasetFile, type DatasetPlan } from '../dataset-file.js';
import { previewPlans, writePlans, type WriteOutcome } from '../dataset-writer.js';
import { printPreview } from '../dataset-preview.js';
import { formatProblem } from '../file-problems.js';
import { createProgress } from '../progress.js';
import { readYamlFile } from '../yaml-file.js';

export interface DatasetUpsertOptions {
  file: string;
  /** Write the datasets without problems, skipping (and failing on) the others, as the original's CLI does. */
  skipInvalid?: boolean;
  /** Wait until search shows the writes before exiting (default true): one wait, at the end. */
  wait?: boolean;
  batchSize?: number;
  /** Preview with the server's checks and write nothing. */
  dryRun?: boolean;
}

const BATCH_SIZE = 500;
const CONCURRENCY = 4;

export async function runDatasetUpsert(ctx: CliContext, opts: DatasetUpsertOptions): Promise<void> {
  const plans = parseDatasetFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  // Each referenced property is looked up once; soft-deleted ones cannot take values.
  const known = await fetchDefinitions(client, [...new Set(plans.flatMap((p) => p.propertyUrns))]);
  const problems = new Map(plans.map((p) => [p, planProblems(p, known)] as const).filter(([, list]) => list.length > 0));
  if (problems.size > 0 && !opts.skipInvalid) {
    const all = [...problems.values()].flat();
    const lines = all.map((p) => formatProblem(opts.file, p));
    throw new CliError(
      `${lines.join('\n')}\nNothing was written: ${all.length} problem${all.length === 1 ? '' : 's'} in ${problems.size} of ${plans.length} dataset${plans.length === 1 ? '' : 's'}. ` +
        'Fix them, or pass --skip-invalid to write the other datasets.',
    );
  }

  const outcomes = new Map<DatasetPlan, WriteOutcome>();
  const progress = createProgress(ctx.io, plans.length, 'datasets', ctx.json());
  for (const [plan, list] of problems) {
    const error = `${list.length} problem${list.length === 1 ? '' : 's'}: ${list.map((p) => formatProblem(opts.file, p)).join('; ')}`;
    outcomes.set(plan, { urn: plan.urn, ok: false, error });
    progress.step(undefined, `Skipping Dataset ${plan.urn} due to ${error}`);
  }
  const valid = plans.filter((p) => !problems.has(p));
  const systemMetadata = { properties: { [SOURCE_FILE_PROPERTY]: basename(opts.file) } };
  if (opts.dryRun) {
    progress.done();
    return printPreview(ctx, valid, await previewPlans(client, valid, { batchSize: opts.batchSize ?? BATCH_SIZE, systemMetadata }));
  }
  await writePlans(client, valid, {
    systemMetadata,
    batchSize: opts.batchSize ?? BATCH_SIZE,
    concurrency: CONCURRENCY,
    waitForSearch: opts.wait ?? true,
    onOutcome: (plan, outcome) => {
      outcomes.set(plan, outcome);
      if (outcome.ok) progress.step(`Update succeeded for urn ${outcome.urn}`);
      else progress.step(undefined, `Update failed for urn ${outcome.urn}: ${outcome.error}`);
    },
  });
  progress.done();
  const results = plans.map((p) => outcomes.get(p)!);
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`Failed to sync the following Datasets: ${failed.map((f) => f.urn).join(', ')}`);
}
