/** `tessera get --urn --aspect <a>…`: prints `{"<aspect>": value}` for the named aspects (all when none are named). */
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

export async function runGet(ctx: CliContext, opts: { urn: string; aspect?: string[] }): Promise<void> {
  const entity = await ctx.client().getEntity(opts.urn, opts.aspect);
  if (!entity) throw new CliError(`urn ${opts.urn} not found`);
  ctx.printJson(entity.aspects, { sortKeys: true });
}
