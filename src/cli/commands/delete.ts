/** `tessera delete --urn`: soft delete (status removed) or, with --hard, hard delete; asks first on a terminal unless -f. */
import { findEntityType } from '../../model/entity-types.js';
import { entityTypeOf } from '../../sdk/client.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { confirm } from '../cli-io.js';

export interface DeleteOptions {
  urn: string;
  hard?: boolean;
  force?: boolean;
}

export async function runDelete(ctx: CliContext, opts: DeleteOptions): Promise<void> {
  const def = findEntityType(entityTypeOf(opts.urn));
  if (!def) throw new CliError(`Unknown entity type in ${opts.urn}`);
  const client = ctx.client();
  // Read through the key aspect: soft-deleted entities still exist (and may be hard deleted).
  if (!(await client.getEntity(opts.urn, [def.keyAspect]))) throw new CliError(`urn ${opts.urn} not found; nothing deleted`);
  const kind = opts.hard ? 'hard' : 'soft';
  if (ctx.io.interactive && !opts.force) {
    const question = opts.hard
      ? `This will permanently delete ${opts.urn} and cannot be undone. Continue?`
      : `This will soft delete ${opts.urn} (reversible: write status removed=false). Continue?`;
    if (!(await confirm(ctx.io, question))) throw new CliError('Aborted; nothing deleted');
  }
  if (opts.hard) await client.deleteEntity(opts.urn);
  else await client.upsertAspect(opts.urn, 'status', { removed: true });
  if (ctx.json()) ctx.printJson({ urn: opts.urn, deleted: kind });
  else ctx.io.out(`${opts.hard ? 'Hard' : 'Soft'} deleted ${opts.urn}`);
}
