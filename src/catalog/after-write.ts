/**
 * Runs the hooks that follow a successful write on other entities (catalog-deps.ts `afterWrite`: the dbt sibling
 * links). Their failure does not undo or fail the write that triggered them — the original runs them after its change
 * log — it is logged.
 */
import type { CatalogDeps } from './catalog-deps.js';
import type { WriteInput } from './write-input.js';

/** `written`: each changed entity's first item and the aspects all its items asked to change. */
export async function afterWrite(services: CatalogDeps, written: { input: WriteInput; members: string[] }[]): Promise<void> {
  if (services.hooks.afterWrite.length === 0 || written.length === 0) return;
  const entities = written.map((w) => ({ urn: w.input.target.urn.raw, entityType: w.input.target.def.name, aspects: w.members }));
  for (const hook of services.hooks.afterWrite) {
    await hook(services, entities, written[0].input.actor).catch((err) => services.log.warn({ err, urns: entities.slice(0, 5).map((e) => e.urn) }, 'a hook that follows a write failed; the write itself stands'));
  }
}
