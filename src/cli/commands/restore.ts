/** `tessera restore --urn`: undoes a soft delete (status removed=false); says so when there is nothing to restore. */
import { findEntityType } from '../../model/entity-types.js';
import { entityTypeOf } from '../../sdk/client.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

export async function runRestore(ctx: CliContext, opts: { urn: string }): Promise<void> {
  const def = findEntityType(entityTypeOf(opts.urn));
  if (!def) throw new CliError(`Unknown entity type in ${opts.urn}`);
  const client = ctx.client();
  const entity = await client.getEntity(opts.urn, [def.keyAspect, 'status']);
  if (!entity) throw new CliError(`urn ${opts.urn} not found; nothing restored (a hard-deleted entity cannot be restored)`);
  const removed = (entity.aspects.status as { removed?: boolean } | undefined)?.removed === true;
  if (removed) await client.upsertAspect(opts.urn, 'status', { removed: false });
  if (ctx.json()) ctx.printJson({ urn: opts.urn, restored: removed });
  else ctx.io.out(removed ? `Restored ${opts.urn}` : `${opts.urn} is not deleted; nothing to restore`);
}
