/** `tessera properties list`: every structured property definition with its rules (or only URNs), optionally written as an upsert-ready YAML file. */
import { existsSync } from 'node:fs';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { StructuredPropertyConstraints } from '../../model/aspects/structured-property-constraints.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { toEntry } from '../property-file.js';
import { readYamlFile, writeYamlFile } from '../yaml-file.js';

const urnOfEntry = (e: Record<string, unknown>) => (typeof e.urn === 'string' ? e.urn : `urn:li:structuredProperty:${String(e.id)}`);

/**
 * Merges into an existing file as the original does: entries of listed properties are replaced where they stand,
 * the file's other entries are kept, and properties the file lacks are appended.
 */
function mergeEntries(file: string, existing: unknown, listed: Record<string, unknown>[]) {
  if (existing === null || existing === undefined) return { entries: listed, replaced: 0, kept: 0 };
  if (!Array.isArray(existing) || existing.some((e) => !e || typeof e !== 'object' || Array.isArray(e))) {
    throw new CliError(`${file}: cannot merge into it: expected a list of structured property entries`);
  }
  const byUrn = new Map(listed.map((e) => [urnOfEntry(e), e]));
  const seen = new Set<string>();
  const entries = existing.map((e: Record<string, unknown>) => {
    const fresh = byUrn.get(urnOfEntry(e));
    if (fresh) seen.add(urnOfEntry(e));
    return fresh ?? e;
  });
  return { entries: [...entries, ...listed.filter((e) => !seen.has(urnOfEntry(e)))], replaced: seen.size, kept: existing.length - seen.size };
}

export interface ListOptions {
  details: boolean;
  toFile?: string;
  /** List soft-deleted properties too, each flagged `deleted: true` (URNs marked `(soft-deleted)`). */
  includeDeleted?: boolean;
}

export async function runPropertiesList(ctx: CliContext, opts: ListOptions): Promise<void> {
  const client = ctx.client();
  const found: { urn: string; definition: PropertyDefinition; constraints?: StructuredPropertyConstraints; deleted: boolean }[] = [];
  for await (const e of client.scrollEntities('structuredProperty', { aspects: ['propertyDefinition', 'status', 'structuredPropertyConstraints'], includeSoftDelete: !!opts.includeDeleted })) {
    const definition = e.aspects.propertyDefinition as PropertyDefinition | undefined;
    const constraints = e.aspects.structuredPropertyConstraints as StructuredPropertyConstraints | undefined;
    const deleted = (e.aspects.status as { removed?: boolean } | undefined)?.removed === true;
    if (definition) found.push({ urn: e.urn, definition, constraints, deleted });
  }
  if (opts.toFile) {
    // Numbers stay numbers in the file, so `properties upsert -f` accepts it unchanged.
    const entries = found.map((p) => toEntry(p.urn, p.definition, { constraints: p.constraints }));
    const merged = existsSync(opts.toFile) ? mergeEntries(opts.toFile, readYamlFile(opts.toFile), entries) : undefined;
    writeYamlFile(opts.toFile, merged?.entries ?? entries);
    if (ctx.json()) ctx.printJson({ file: opts.toFile, count: found.length, ...(merged && { replaced: merged.replaced, kept: merged.kept }) });
    else if (merged) ctx.io.out(`Merged ${found.length} structured properties into ${opts.toFile} (${merged.replaced} replaced, ${found.length - merged.replaced} added, ${merged.kept} kept)`);
    else ctx.io.out(`Wrote ${found.length} structured properties to ${opts.toFile}`);
    return;
  }
  if (!opts.details) {
    if (ctx.json()) ctx.printJson(found.map((p) => p.urn));
    else found.forEach((p) => ctx.io.out(p.deleted ? `${p.urn} (soft-deleted)` : p.urn));
    return;
  }
  const entries = found.map((p) => ({ ...toEntry(p.urn, p.definition, { valuesAsText: true, constraints: p.constraints }), ...(p.deleted && { deleted: true }) }));
  if (ctx.json()) ctx.printJson(entries);
  else entries.forEach((e) => ctx.printJson(e));
}
