/** `tessera properties get --urn`: one structured property definition, allowed values printed as text. */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { toEntry } from '../property-file.js';

export const structuredPropertyUrnOf = (urnOrId: string) =>
  urnOrId.startsWith('urn:li:structuredProperty:') ? urnOrId : `urn:li:structuredProperty:${urnOrId}`;

export async function runPropertiesGet(ctx: CliContext, opts: { urn: string }): Promise<void> {
  const urn = structuredPropertyUrnOf(opts.urn);
  const definition = await ctx.client().getAspect<PropertyDefinition>(urn, 'propertyDefinition');
  if (!definition) throw new CliError(`Structured property ${urn} does not exist`);
  ctx.printJson(toEntry(urn, definition, { valuesAsText: true }));
}
