/** `tessera properties get --urn`: one structured property definition, allowed values printed as text, and its value rules (`constraints`). */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { StructuredPropertyConstraints } from '../../model/aspects/structured-property-constraints.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { toEntry } from '../property-file.js';

export const structuredPropertyUrnOf = (urnOrId: string) =>
  urnOrId.startsWith('urn:li:structuredProperty:') ? urnOrId : `urn:li:structuredProperty:${urnOrId}`;

export async function runPropertiesGet(ctx: CliContext, opts: { urn: string }): Promise<void> {
  const urn = structuredPropertyUrnOf(opts.urn);
  const entity = await ctx.client().getEntity(urn, ['propertyDefinition', 'status', 'structuredPropertyConstraints']);
  const definition = entity?.aspects.propertyDefinition as PropertyDefinition | undefined;
  if (!definition) throw new CliError(`Structured property ${urn} does not exist`);
  const deleted = (entity!.aspects.status as { removed?: boolean } | undefined)?.removed === true;
  const constraints = entity!.aspects.structuredPropertyConstraints as StructuredPropertyConstraints | undefined;
  ctx.printJson({ ...toEntry(urn, definition, { valuesAsText: true, constraints }), ...(deleted && { deleted: true }) });
  if (deleted && !ctx.json()) ctx.io.err(`Note: ${urn} is soft-deleted; restore it with \`tessera restore --urn ${urn}\``);
}
