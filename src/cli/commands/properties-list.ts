/** `tessera properties list`: every structured property definition (or only URNs), optionally written as an upsert-ready YAML file. */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { CliContext } from '../cli-context.js';
import { toEntry } from '../property-file.js';
import { writeYamlFile } from '../yaml-file.js';

export interface ListOptions {
  details: boolean;
  toFile?: string;
}

export async function runPropertiesList(ctx: CliContext, opts: ListOptions): Promise<void> {
  const client = ctx.client();
  const found: { urn: string; definition: PropertyDefinition }[] = [];
  for await (const e of client.scrollEntities('structuredProperty', { aspects: ['propertyDefinition'] })) {
    const definition = e.aspects.propertyDefinition as PropertyDefinition | undefined;
    if (definition) found.push({ urn: e.urn, definition });
  }
  if (opts.toFile) {
    // Numbers stay numbers in the file, so `properties upsert -f` accepts it unchanged.
    writeYamlFile(opts.toFile, found.map((p) => toEntry(p.urn, p.definition)));
    if (ctx.json()) ctx.printJson({ file: opts.toFile, count: found.length });
    else ctx.io.out(`Wrote ${found.length} structured properties to ${opts.toFile}`);
    return;
  }
  if (!opts.details) {
    if (ctx.json()) ctx.printJson(found.map((p) => p.urn));
    else found.forEach((p) => ctx.io.out(p.urn));
    return;
  }
  const entries = found.map((p) => toEntry(p.urn, p.definition, { valuesAsText: true }));
  if (ctx.json()) ctx.printJson(entries);
  else entries.forEach((e) => ctx.printJson(e));
}
