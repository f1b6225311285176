/**
 * Writes several aspects of several entities of one type in one engine round trip where it can: one `mget` reads the
 * existing entities, one `_bulk` creates the new ones and conditionally replaces the existing ones; only items that
 * lost a race (or repeat a URN) go through the per-entity read-modify-write.
 */
import { CatalogError } from '../errors.js';
import { applyAspectPatch, type PatchBody } from '../model/json-patch.js';
import { UNCHANGED, type EntityDoc, type VersionedDoc } from '../storage/entity-store.js';
import type { DefinitionMemo } from './definitions.js';
import type { CatalogDeps } from './catalog-deps.js';
import { checkBatchSize } from './batch-limit.js';
import { existenceUrnOf, resolveAspect, resolveTarget } from './entity-target.js';
import { presentEntity, type EntityView } from './read-entity.js';
import { applyChanges, needsExistingEntity, validateAspectValue, writeAspects, type WriteInput } from './write-aspects.js';
import { precheckWrites } from './write-prechecks.js';

export interface BatchEntityInput {
  urn: unknown;
  /** A whole aspect value, or (with `patch: true`) a parsed JSON patch applied to the stored value inside the write. */
  aspects: { aspect: string; value: unknown; patch?: boolean; systemMetadata?: Record<string, unknown> }[];
}

export interface BatchOptions {
  /** Names item `i` in the message of an error it causes (the wire says `proposals[i] (<urn>, <aspect>)`). */
  label?: (i: number) => string;
  /** The caller has checked every upsert value against its aspect's schema already (the wire checks each proposal). */
  valuesChecked?: boolean;
  /** The caller does not show the written entities (the wire answers `success`): nothing is kept or presented for it. */
  noAnswer?: boolean;
  /**
   * The entities as the caller has just read them, with their sequence numbers (a CSV import reads them to plan its
   * rows): not read again. Each is still replaced only where unchanged since that read; one that changed meanwhile
   * goes through the per-entity read-modify-write like any race. Changed in place.
   */
  existing?: Map<string, VersionedDoc>;
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

/** Item indices by URN, in batch order. */
function groupByUrn(inputs: WriteInput[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  inputs.forEach((input, i) => {
    const urn = input.target.urn.raw;
    const members = groups.get(urn);
    if (members) members.push(i);
    else groups.set(urn, [i]);
  });
  return groups;
}

/**
 * Whether a URN's items can be built here: each one either finds the entity (stored, or created by an earlier item), or
 * may create it, or exists through its parent (a schemaField of a dataset, checked by the pre-checks).
 */
function directly(services: CatalogDeps, inputs: WriteInput[], exists: boolean): boolean {
  for (const input of inputs) {
    const ownDocument = existenceUrnOf(input.target) === input.target.urn.raw;
    if (!exists && ownDocument && needsExistingEntity(input, services.config.CREATE_MISSING_ENTITIES)) return false;
    exists = true;
  }
  return true;
}

/** Applies one URN's items in order to its document; the document after each item is what that item presents. */
async function buildGroup(services: CatalogDeps, opts: BatchOptions, urn: string, members: { input: WriteInput; index: number }[], current: VersionedDoc | undefined) {
  // The document read for this batch is used by nothing else: it is changed in place.
  let doc: EntityDoc | null = current ? current.doc : null;
  let changed = false;
  const docs = new Map<number, EntityDoc>();
  for (const [k, { input, index }] of members.entries()) {
    // A later item must not alter the document an earlier one presents (unless nothing is presented).
    const base = k > 0 && doc && !opts.noAnswer ? structuredClone(doc) : doc;
    const next = await forItem(opts, index, () => applyChanges(services, input, base));
    if (next !== UNCHANGED) {
      doc = next;
      changed = true;
    }
    docs.set(index, doc!);
  }
  return { urn, doc: doc!, docs, at: current, changed };
}

export async function batchUpsert(services: CatalogDeps, entityName: string, items: BatchEntityInput[], actor: string, waitForSearch?: boolean, opts: BatchOptions = {}): Promise<EntityView[]> {
  checkBatchSize(services, items.length);
  // Definitions are read real-time once for the whole batch, and presented from the read cache.
  const definitions: DefinitionMemo = services.definitionCache.writeMemo();
  // Validate every target first so a bad item refuses the batch before anything is written.
  const inputs: WriteInput[] = items.map((item) => {
    const target = resolveTarget(entityName, item.urn);
    const aspects = item.aspects.map((a) => ({ ...a, aspect: resolveAspect(target.def, a.aspect) }));
    if (!opts.valuesChecked) aspects.forEach((a) => a.patch || validateAspectValue(a.aspect, a.value));
    const change = (a: (typeof aspects)[number]) =>
      a.patch
        ? { aspect: a.aspect, systemMetadata: a.systemMetadata, compute: (previous: unknown) => applyAspectPatch(a.aspect, previous, a.value as PatchBody) }
        : { aspect: a.aspect, systemMetadata: a.systemMetadata, compute: () => a.value, checked: true };
    return { target, actor, waitForSearch, definitions, changes: aspects.map(change) };
  });
  if (inputs.length === 0) return [];
  const entityType = inputs[0].target.def.name;
  const urns = inputs.map((i) => i.target.urn.raw);
  // The entities, and the checks every write makes first (the definitions the values name, parents), read at once:
  // one `_mget` each for the whole batch.
  const [existing] = await Promise.all([opts.existing ?? services.store.mgetVersioned(entityType, urns), precheckWrites(services, inputs, definitions, { propertyUrns: propertyUrnsOf(items), label: opts.label })]);
  const groups = groupByUrn(inputs);
  // One bulk write for every entity: new ones created, existing ones replaced where unchanged since the read. Items
  // naming one URN (the wire sends one aspect per proposal) are applied in order to one document, each checked by
  // every aspect rule, before anything is sent: a refused item refuses the batch. Groups with an annotation of an
  // entity that does not exist yet go through `mutate`, as do the entities that lost a race.
  const built = await Promise.all(
    [...groups].flatMap(([urn, members]) => {
      const current = existing.get(urn);
      if (!directly(services, members.map((m) => inputs[m]), current !== undefined)) return [];
      return [buildGroup(services, opts, urn, members.map((m) => ({ input: inputs[m], index: m })), current)];
    }),
  );
  const retry = await services.store.bulkWrite(entityType, built.filter((b) => b.changed), { refresh: waitForSearch });
  const done = new Map<number, EntityDoc | null>();
  for (const b of built) if (!retry.has(b.urn)) b.docs.forEach((doc, m) => done.set(m, doc));
  // The rest, one entity at a time and each entity's items in order.
  await Promise.all(
    [...groups.values()].map(async (members) => {
      for (const m of members) if (!done.has(m)) done.set(m, await forItem(opts, m, () => writeAspects(services, inputs[m])));
    }),
  );
  const written = inputs.map((_, i) => done.get(i));
  services.definitionCache.afterWrite(entityType);
  if (opts.noAnswer) return [];
  const shown = services.definitionCache.memo();
  return Promise.all(written.map((doc, i) => presentEntity(services, doc!, inputs[i].changes.map((c) => c.aspect), shown)));
}
