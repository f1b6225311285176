/**
 * Writes several aspects of several entities of one type in one engine round trip where it can: one `mget` reads the
 * existing entities, one `_bulk` creates the new ones and conditionally replaces the existing ones; only items that
 * lost a race (or repeat a URN) go through the per-entity read-modify-write.
 */
import { CatalogError } from '../errors.js';
import { UNCHANGED } from '../storage/entity-store.js';
import { loadDefinitions, type DefinitionMemo } from './definitions.js';
import type { Services } from '../services.js';
import { checkBatchSize } from './batch-limit.js';
import { resolveAspect, resolveTarget } from './entity-target.js';
import { presentEntity, type EntityView } from './read-entity.js';
import { applyChanges, needsExistingEntity, validateAspectValue, writeAspects, type WriteInput } from './write-aspects.js';

export interface BatchEntityInput {
  urn: unknown;
  aspects: { aspect: string; value: unknown; systemMetadata?: Record<string, unknown> }[];
}

export interface BatchOptions {
  /** Names item `i` in the message of an error it causes (the wire says `proposals[i] (<urn>, <aspect>)`). */
  label?: (i: number) => string;
}

/** Runs `fn` for item `i`, prefixing the message of a catalog error it throws with the item's label. */
async function forItem<T>(opts: BatchOptions, i: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (opts.label && e instanceof CatalogError) throw new CatalogError(e.code, `${opts.label(i)}: ${e.message}`, e.details);
    throw e;
  }
}

/** The property URNs the batch's `structuredProperties` values name (what is malformed is left to validation). */
function propertyUrnsOf(items: BatchEntityInput[]): Set<string> {
  const out = new Set<string>();
  for (const item of items) {
    for (const a of item.aspects) {
      const properties = a.aspect === 'structuredProperties' ? (a.value as { properties?: unknown } | null)?.properties : undefined;
      if (!Array.isArray(properties)) continue;
      for (const p of properties) if (typeof p?.propertyUrn === 'string') out.add(p.propertyUrn);
    }
  }
  return out;
}

export async function batchUpsert(services: Services, entityName: string, items: BatchEntityInput[], actor: string, waitForSearch?: boolean, opts: BatchOptions = {}): Promise<EntityView[]> {
  checkBatchSize(services, items.length);
  // Definitions are read real-time once for the whole batch, and presented from the read cache.
  const definitions: DefinitionMemo = services.definitionCache.writeMemo();
  // Validate every target first so a bad item refuses the batch before anything is written.
  const inputs: WriteInput[] = items.map((item) => {
    const target = resolveTarget(entityName, item.urn);
    const aspects = item.aspects.map((a) => ({ aspect: resolveAspect(target.def, a.aspect), value: a.value, systemMetadata: a.systemMetadata }));
    aspects.forEach((a) => validateAspectValue(a.aspect, a.value));
    return { target, actor, waitForSearch, definitions, changes: aspects.map((a) => ({ aspect: a.aspect, systemMetadata: a.systemMetadata, compute: () => a.value })) };
  });
  if (inputs.length === 0) return [];
  const entityType = inputs[0].target.def.name;
  const urns = inputs.map((i) => i.target.urn.raw);
  const once = (urn: string) => urns.indexOf(urn) === urns.lastIndexOf(urn);
  // The entities and every definition the batch's values name, read at once: one `_mget` each for the whole batch.
  const [existing] = await Promise.all([services.store.mgetVersioned(entityType, urns), loadDefinitions(services, propertyUrnsOf(items), definitions)]);
  // One bulk write for every entity named once: new ones created, existing ones replaced where unchanged since the
  // read. Every document is built (and checked by every aspect rule) before anything is sent: a refused item refuses
  // the batch. Repeated URNs, annotations of missing entities and items that lost a race go through `mutate`.
  const direct = inputs.flatMap((input, index) =>
    once(input.target.urn.raw) && (existing.has(input.target.urn.raw) || !needsExistingEntity(input, services.config.CREATE_MISSING_ENTITIES)) ? [{ input, index }] : [],
  );
  const built = await Promise.all(
    direct.map(async ({ input: i, index }) => {
      const current = existing.get(i.target.urn.raw);
      const next = await forItem(opts, index, () => applyChanges(services, i, current ? structuredClone(current.doc) : null));
      return { urn: i.target.urn.raw, doc: next === UNCHANGED ? current!.doc : next, at: current && { seqNo: current.seqNo, primaryTerm: current.primaryTerm }, changed: next !== UNCHANGED };
    }),
  );
  const retry = await services.store.bulkWrite(entityType, built.filter((b) => b.changed), { refresh: waitForSearch });
  const done = new Map(built.filter((b) => !retry.has(b.urn)).map((b) => [b.urn, b.doc]));
  const written = await Promise.all(inputs.map(async (input, i) => done.get(input.target.urn.raw) ?? (await forItem(opts, i, () => writeAspects(services, input)))));
  services.definitionCache.afterWrite(entityType);
  const shown = services.definitionCache.memo();
  return Promise.all(written.map((doc, i) => presentEntity(services, doc!, inputs[i].changes.map((c) => c.aspect), shown)));
}
