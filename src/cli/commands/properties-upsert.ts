/**
 * `tessera properties upsert -f <yaml>`: creates or updates every structured property of the file. Each entry is
 * compared with what is stored first: unchanged ones are left alone, and a new version — whose clean-up deletes every
 * value written under the old one — is only written once confirmed (a question on a terminal, `--yes` in scripts),
 * after saying how many entities and values it drops. An entry's `constraints:` (its value rules) are written after its
 * definition; a change the server's preview refuses (stored values that would break it) refuses the file before anything
 * is written. `--dry-run` prints what would be done, rules previewed, and writes nothing.
 */
import type { TesseraClient } from '../../sdk/client.js';
import type { CliContext } from '../cli-context.js';
import { CliError, describeError } from '../cli-error.js';
import { confirm } from '../cli-io.js';
import { createProgress } from '../progress.js';
import { describeImpact, describeRefusal, migrationBody, MIGRATIONS_PATH, planChanges, planProblems, previewAllRules, rulesRefusals, type PlannedChange } from '../property-changes.js';
import { formatProblem, type FileProblem } from '../file-problems.js';
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
  const migrating = dropping.some((c) => c.migration);
  const what = !migrating ? 'delete those values' : dropping.every((c) => c.migration) ? 'migrate those values' : 'migrate or delete those values';
  if (!ctx.io.interactive) {
    const why = migrating ? 'a new version replaces the values written under the old one (migrated where the entry says how, deleted otherwise)' : 'a new version deletes the values written under the old one';
    throw new CliError(`${lines.join('\n')}\nNothing was written: ${why}. Pass --yes to confirm.`);
  }
  for (const line of lines) ctx.io.err(line);
  if (!(await confirm(ctx.io, `Write ${dropping.length === 1 ? 'this new version' : `these ${dropping.length} new versions`} and ${what}?`))) {
    throw new CliError('Aborted; nothing written');
  }
}

function refuseProblems(file: string, planned: PlannedChange[], problems: FileProblem[]): void {
  if (problems.length === 0) return;
  const entriesAtFault = new Set(problems.map((p) => p.entry)).size;
  throw new CliError(
    `${problems.map((p) => formatProblem(file, p)).join('\n')}\nNothing was written: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${entriesAtFault} of ${planned.length} entr${planned.length === 1 ? 'y' : 'ies'}.`,
  );
}

const RULES_PATH = '/openapi/v3/structuredProperties/constraints';

interface EntryResult {
  urn: string;
  ok: boolean;
  change: PlannedChange['kind'];
  valuesDeletedFrom?: number;
  /** The job migrating the old version's values, when the entry has `migration:`. */
  migrationJob?: string;
  /** Present when the entry has `constraints:`. */
  rules?: 'set' | 'cleared' | 'unchanged' | 'failed';
  error?: string;
}

/** Writes the definition (unless unchanged), then the rules (when the entry changes them and no migration carried them). */
async function writeEntry(client: TesseraClient, c: PlannedChange): Promise<EntryResult> {
  const rules = c.rules && { rules: c.rules.change };
  let migrationJob: string | undefined;
  try {
    // A migration writes the new version itself (its job recorded first); the rest of the entry is then an update.
    if (c.kind === 'new-version' && c.migration) migrationJob = (await client.request<{ job?: { id: string } }>('POST', MIGRATIONS_PATH, { body: migrationBody(c, false) })).job?.id;
    if (c.kind !== 'unchanged') await client.upsertAspect(c.urn, 'propertyDefinition', c.definition, { createIfNotExists: false });
  } catch (e) {
    return { urn: c.urn, ok: false, change: c.kind, error: describeError(e) };
  }
  const written = { urn: c.urn, ok: true, change: c.kind, ...(migrationJob ? { migrationJob } : c.impact && { valuesDeletedFrom: c.impact.entities }) };
  // A migration wrote the entry's rules with the new version (migrationBody): they are not written a second time.
  const migrated = c.kind === 'new-version' && c.migration !== undefined;
  if (!c.rules || c.rules.change === 'unchanged' || migrated) return { ...written, ...rules };
  try {
    await client.request('POST', RULES_PATH, { body: { urn: c.urn, constraints: c.rules.next } });
    return { ...written, ...rules };
  } catch (e) {
    return { ...written, ok: false, rules: 'failed', error: describeError(e) };
  }
}

const wouldDo: Record<PlannedChange['kind'], string> = {
  created: 'Would create structured property',
  updated: 'Would update structured property',
  'new-version': 'Would update structured property',
  unchanged: 'Unchanged structured property',
};

/** What the server's preview says of an entry's rules, as the dry run prints it. */
function rulesVerdict(c: PlannedChange): string {
  const r = c.rules!;
  if (r.change === 'unchanged') return 'unchanged';
  if (r.change === 'cleared') return 'would be cleared';
  if (c.kind === 'created') return 'would apply (a new property holds no values yet)';
  if (c.kind === 'new-version') return c.migration ? 'would apply (migrated values are checked against them)' : 'would apply (the new version starts with no values)';
  const refusal = describeRefusal(r.preview!);
  return refusal ? `would be refused: ${refusal}` : 'would apply (no stored value breaks them)';
}

/** `--dry-run`: per entry what would be written, its rules previewed; exit code 1 when rules would be refused. */
function printDryRun(ctx: CliContext, planned: PlannedChange[]): void {
  const refused = planned.filter((c) => c.rules?.preview && !c.rules.preview.applied).length;
  if (ctx.json()) {
    ctx.printJson(
      planned.map((c) => ({
        urn: c.urn,
        change: c.kind,
        ...(c.impact && { valuesDeletedFrom: c.impact.entities }),
        ...(c.rules && { rules: { change: c.rules.change, applied: c.rules.preview?.applied ?? true, problems: c.rules.preview?.problems ?? [], breaking: c.rules.preview?.breaking ?? { entities: 0, samples: [] } } }),
      })),
    );
  } else {
    for (const c of planned) {
      ctx.io.out(c.kind === 'new-version' ? `${wouldDo[c.kind]} ${c.urn} (${describeImpact(c).slice(c.urn.length + 2)})` : `${wouldDo[c.kind]} ${c.urn}`);
      if (c.rules) ctx.io.out(`Rules of structured property ${c.urn}: ${rulesVerdict(c)}`);
    }
    ctx.io.err('Dry run: nothing written.');
  }
  if (refused > 0) throw new CliError(`The rules of ${refused} structured propert${refused === 1 ? 'y' : 'ies'} would be refused (their lines say why)`);
}

const rulesDone = { set: 'Set the rules of structured property', cleared: 'Cleared the rules of structured property' } as const;

export async function runPropertiesUpsert(ctx: CliContext, opts: { file: string; yes?: boolean; dryRun?: boolean }): Promise<void> {
  const entries = parsePropertyFile(opts.file, readYamlFile(opts.file));
  const client = ctx.client();
  const planned = await planChanges(client, entries);
  // The server's definition and rule checks, run here first on every entry: every problem of the file at once, nothing written.
  refuseProblems(opts.file, planned, planProblems(planned));
  await previewAllRules(client, planned);
  if (opts.dryRun) return printDryRun(ctx, planned);
  refuseProblems(opts.file, planned, rulesRefusals(planned));
  await confirmNewVersions(ctx, planned, !!opts.yes);
  const progress = createProgress(ctx.io, planned.length, 'structured properties', ctx.json());
  const results = await runOrdered(
    planned,
    CONCURRENCY,
    (c) => writeEntry(client, c),
    (c, r) => {
      const note = r.migrationJob
        ? ` (version ${c.definition.version}: job ${r.migrationJob} migrates the values; follow it with GET /openapi/v3/jobs/${r.migrationJob})`
        : c.kind === 'new-version' && c.impact!.entities > 0
          ? ` (version ${c.definition.version}: the clean-up job deletes the values of ${c.impact!.entities} entities)`
          : '';
      const definitionLine = `${done[c.kind]} ${r.urn}${note}`;
      if (r.rules === 'failed') return progress.step(definitionLine, `Failed to set the rules of structured property ${r.urn}: ${r.error}`);
      const rulesLine = r.rules === 'set' || r.rules === 'cleared' ? `\n${rulesDone[r.rules]} ${r.urn}` : '';
      progress.step(r.ok ? definitionLine + rulesLine : undefined, r.ok ? undefined : `Failed to upsert structured property ${r.urn}: ${r.error}`);
    },
  );
  progress.done();
  if (ctx.json()) ctx.printJson(results);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) throw new CliError(`${failed.length} of ${results.length} structured properties failed`);
}
