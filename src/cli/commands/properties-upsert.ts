/**
 * `tessera properties upsert -f <yaml>`: creates or updates every structured property of the file. Each entry is
 * compared with what is stored first: unchanged ones are left alone, and a new version — whose clean-up deletes every
 * value written under the old one — is only written once confirmed (a question on a terminal, `--yes` in scripts),
 * after saying how many entities and values it drops.
 */
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { confirm } from '../cli-io.js';
import { createProgress } from '../progress.js';
import { describeImpact, planChanges, planProblems, type PlannedChange } from '../property-changes.js';
import { formatProblem } from '../file-problems.js';
import { parsePropertyFile } from '../property-file.js';
import { runOrdered } from '../run-ordered.js';
import { readYamlFile } from '../yaml-file.js';

const CONCURRENCY = 8;

const done: Record<PlannedChange['kind'], string> = {
  created: 'Created structured property',
  updated: 'Updated structured property',
  'new-version': 'Updated structured property',
  unchanged: 'Unchanged structured property',
};

async function confirmNewVersions(ctx: CliContext, planned: PlannedChange[], yes: boolean): Promise<void> {
  const dropping = planned.filter((c) => c.kind === 'new-version' && c.impact!.entities > 0);
  if (dropping.length === 0 || yes) return;
  const lines = dropping.map(describeImpact);
  if (!ctx.io.interactive) {
    throw new CliError(`${lines.join('\n')}\nNothing was written: a new version deletes the values written under the old one. Pass --yes to confirm.`);
  }
  for (const line of lines) ctx.io.err(line);
  if (!(await confirm(ctx.io, `Write ${dropping.length === 1 ? 'this new version' : `these ${dropping.length} new versions`} and delete those values?`))) {
    throw new CliError('Aborted; nothing written');
  }
}

export async function runPropertiesUpsert(ctx: CliContext, opts: { file: string; yes?: boolean }): Promise<void> {
  const entries = parsePropertyFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const planned = await planChanges(client, entries);
  // The server's definition rules, run here first on every entry: every problem of the file at once, nothing written.
  const problems = planProblems(planned);
  if (problems.length > 0) {
    const entriesAtFault = new Set(problems.map((p) => p.entry)).size;
    throw new CliError(
      `${problems.map((p) => formatProblem(opts.file, p)).join('\n')}\nNothing was written: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${entriesAtFault} of ${planned.length} entr${planned.length === 1 ? 'y' : 'ies'}.`,
    );
  }
  await confirmNewVersions(ctx, planned, !!opts.yes);
  const progress = createProgress(ctx.io, planned.length, 'structured properties', ctx.json());
  const results = await runOrdered(
    planned,
    CONCURRENCY,
    async (c) => {
      if (c.kind === 'unchanged') return { urn: c.urn, ok: true, change: c.kind };
      try {
        await client.upsertAspect(c.urn, 'propertyDefinition', c.definition, { createIfNotExists: false });
        return { urn: c.urn, ok: true, change: c.kind, ...(c.impact && { valuesDeletedFrom: c.impact.entities }) };
      } catch (e) {
        return { urn: c.urn, ok: false, change: c.kind, error: describeError(e) };
      }
    },
    (c, r) => {
      const note = c.kind === 'new-version' && c.impact!.entities > 0 ? ` (version ${c.definition.version}: the clean-up job deletes the values of ${c.impact!.entities} entities)` : '';
      progress.step(r.ok ? `${done[c.kind]} ${r.urn}${note}` : undefined, r.ok ? undefined : `Failed to upsert structured property ${r.urn}: ${r.error}`);
    },
  );
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`${failed.length} of ${results.length} structured properties failed`);
}
