/**
 * `tessera dataset upsert --dry-run`: what the server says the file would change — per dataset, the values it would
 * add, replace or remove (with the rule that lets a load replace someone else's value), and the values it would keep
 * because a person or another load set them.
 */
import type { PreviewedChange } from '../sdk/client.js';
import type { CliContext } from './cli-context.js';
import type { DatasetPlan } from './dataset-file.js';

const WORD: Record<string, string> = { ADD: 'add', MODIFY: 'replace', REMOVE: 'remove', KEEP: 'keep', CREATE: 'create' };

const short = (urn: string | undefined) => (urn ?? '').replace(/^urn:li:(structuredProperty|tag|glossaryTerm|corpuser|corpGroup):/, '');
const setter = (c: PreviewedChange) => (c.setBy?.source ? `pipeline ${c.setBy.source}` : short(c.setBy?.actor));

/** One line per change: what, where, and for another setter's value why it goes or stays. */
function describe(c: PreviewedChange): string {
  const what = `${c.category.toLowerCase().replace(/_/g, ' ')} ${short(c.modifier) || c.aspect}${c.fieldPath !== undefined ? ` of column ${c.fieldPath}` : ''}`;
  const value = c.after !== undefined && c.operation !== 'REMOVE' && c.after !== c.modifier ? ` = ${JSON.stringify(c.after)}` : '';
  if (c.operation === 'KEEP') return `  keep    ${what}${value}: set by ${setter(c)}, not by this file`;
  const why = c.setBy && c.rule && c.rule !== 'SAME_SETTER' ? ` (set by ${setter(c)}; ${c.rule === 'LOADS_OWN_IT' ? 'the property says loads own its values' : c.rule.toLowerCase().replace(/_/g, ' ')})` : '';
  return `  ${(WORD[c.operation] ?? c.operation.toLowerCase()).padEnd(7)} ${what}${value}${why}`;
}

export function printPreview(ctx: CliContext, plans: DatasetPlan[], changes: PreviewedChange[]): void {
  if (ctx.json()) return ctx.printJson({ dryRun: true, changes });
  const byDataset = new Map<string, PreviewedChange[]>();
  const datasetOf = (urn: string) => plans.find((p) => p.urn === urn || urn.includes(p.urn))?.urn ?? urn;
  for (const c of changes) {
    const key = datasetOf(c.urn);
    byDataset.set(key, [...(byDataset.get(key) ?? []), c]);
  }
  for (const plan of plans) {
    const list = byDataset.get(plan.urn) ?? [];
    ctx.io.out(`${plan.urn}: ${list.length === 0 ? 'no change' : `${list.filter((c) => c.operation !== 'KEEP').length} change(s)`}`);
    for (const c of list) ctx.io.out(describe(c));
  }
  const kept = changes.filter((c) => c.operation === 'KEEP').length;
  const replaced = changes.filter((c) => c.operation !== 'KEEP' && c.setBy && c.rule !== 'SAME_SETTER').length;
  ctx.io.out(
    `Dry run: nothing was written. ${plans.length} dataset${plans.length === 1 ? '' : 's'}, ${changes.length - kept} change(s); ` +
      `${kept} value(s) kept for the person or load that set them, ${replaced} value(s) of others replaced.`,
  );
}
