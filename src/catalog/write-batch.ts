/**
 * The one batch engine. Every batch of every interface (REST v2/v3 batch POST and PATCH, the wire's
 * `ingestProposalBatch`, GraphQL batch mutations, CSV import chunks, the CLI through them) ends here:
 *
 * 1. every item's entity is read (one realtime `_mget` per entity type) and every check a write makes first is run
 *    (parents, the definitions the values name);
 * 2. every item is built on its entity as read — applied in order per URN, each change validated by its aspect's
 *    rules and authorized on what it changes — before anything is written. A refused item refuses the batch, and the
 *    refusal names every refused item (index, URN, aspect, reason); nothing is written;
 * 3. all entities go in one `_bulk` (created where new, replaced only where unchanged since the read).
 *
 * An entity another writer changed between step 1 and step 3 is written again through the store's read-modify-write,
 * its items rebuilt on what is stored then. If that rebuild refuses one of them (the other writer made it invalid),
 * the entities already written stay written and the answer says so: the only way a batch lands in part, besides
 * the engine failing in the middle of the `_bulk` itself (each entity is then either wholly written or untouched).
 */
import { CatalogError, notFound, type ErrorCode } from '../errors.js';
import { currentLogContext } from '../logger.js';
import type { EntityDoc, VersionedDoc } from '../storage/entity-store.js';
import { UNCHANGED } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import { applyChanges } from './write-aspects.js';
import type { WriteInput } from './write-input.js';
import { precheckWrites } from './write-prechecks.js';
import { afterWrite } from './after-write.js';
import type { ChangeRecord } from './history/change-record.js';

/** One refused item of a batch, as its answer lists it. */
export interface BatchRefusalItem {
  index: number;
  urn: string;
  aspect: string;
  reason: string;
}

export interface WriteBatchOptions {
  /** Names item `i` in messages (`items[i] (<urn>, <aspect>)` unless the interface has its own words). */
  label?: (i: number, aspect: string) => string;
  /** Property URNs the batch's values name, loaded real-time with the other checks. */
  propertyUrns?: Iterable<string>;
  /** Entities the caller has just read, with their positions (a CSV import reads them to plan): not read again. */
  existing?: Map<string, VersionedDoc>;
  /** Keep the document each item leaves (for presenting); a caller that answers only `success` does not need them. */
  keepDocs?: boolean;
  /** Runs once every item is checked and authorized, before the first entity is written (the batch's time-series points). */
  beforeWrite?: () => Promise<void>;
}

export const defaultLabel = (urnOf: (i: number) => string) => (i: number, aspect: string) => `items[${i}] (${urnOf(i)}, ${aspect})`;

/** A batch refused as a whole: the first refused item's kind, every refused item listed. */
export function batchRefusal(refused: (BatchRefusalItem & { code: ErrorCode })[], total: number, label: (i: number, aspect: string) => string, written = false): CatalogError {
  const sorted = [...refused].sort((a, b) => a.index - b.index);
  const lines = sorted.map((r) => `${label(r.index, r.aspect)}: ${r.reason}`);
  const head = sorted.length === 1 ? '' : `${sorted.length} of ${total} items refused: `;
  const tail = written ? ' (the other items were written: another writer changed these entities after the batch was checked)' : '';
  return new CatalogError(sorted[0].code, `${head}${lines.join('; ')}${tail}`, { items: sorted.map(({ index, urn, aspect, reason }) => ({ index, urn, aspect, reason })) });
}

/** Collects refusals of items; anything that is not a catalog error is a failure of the engine and is thrown as is. */
export class Refusals {
  readonly items: (BatchRefusalItem & { code: ErrorCode })[] = [];
  private readonly refused = new Set<number>();

  constructor(private readonly urnOf: (i: number) => string, private readonly firstAspectOf: (i: number) => string) {}

  add(index: number, e: unknown, aspect?: string): void {
    if (!(e instanceof CatalogError)) throw e;
    this.refused.add(index);
    this.items.push({ index, urn: this.urnOf(index), aspect: e.aspect ?? aspect ?? this.firstAspectOf(index), reason: e.message, code: e.code });
  }

  has(index: number): boolean {
    return this.refused.has(index);
  }

  get size(): number {
    return this.items.length;
  }
}

/** The property URNs whole `structuredProperties` values name (what is malformed is left to validation). */
export function propertyUrnsIn(values: Iterable<{ aspect: string; value: unknown; patch?: boolean }>): Set<string> {
  const out = new Set<string>();
  for (const a of values) {
    const properties = a.aspect === 'structuredProperties' && !a.patch ? (a.value as { properties?: unknown } | null)?.properties : undefined;
    if (!Array.isArray(properties)) continue;
    for (const p of properties) if (typeof p?.propertyUrn === 'string') out.add(p.propertyUrn);
  }
  return out;
}

/** Item indices by URN (URNs name their entity type), in batch order. */
function groupByUrn(inputs: WriteInput[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  inputs.forEach((input, i) => {
    const members = groups.get(input.target.urn.raw);
    if (members) members.push(i);
    else groups.set(input.target.urn.raw, [i]);
  });
  return groups;
}

/** The entities of the batch with their positions: one realtime `_mget` per entity type, at once. */
async function readEntities(services: CatalogDeps, inputs: WriteInput[]): Promise<Map<string, VersionedDoc>> {
  const byType = new Map<string, string[]>();
  for (const input of inputs) {
    const urns = byType.get(input.target.def.name);
    if (urns) urns.push(input.target.urn.raw);
    else byType.set(input.target.def.name, [input.target.urn.raw]);
  }
  const found = await Promise.all([...byType].map(([type, urns]) => services.store.mgetVersioned(type, urns)));
  return new Map(found.flatMap((m) => [...m]));
}

/**
 * Applies one URN's items in order to its document (null: not stored); the document after each item is what that
 * item leaves. `keepDocs`: a later item does not alter the document an earlier one left.
 */
async function buildGroup(services: CatalogDeps, inputs: WriteInput[], members: number[], current: EntityDoc | null, keepDocs: boolean, refusals: Refusals) {
  let doc = current;
  let changed = false;
  const docs = new Map<number, EntityDoc | null>();
  for (const [k, m] of members.entries()) {
    const base = k > 0 && doc && keepDocs ? structuredClone(doc) : doc;
    let next: EntityDoc | typeof UNCHANGED;
    try {
      next = await applyChanges(services, inputs[m], base);
    } catch (e) {
      // The items after a refused one build on it: they are neither checked nor written.
      refusals.add(m, e);
      return undefined;
    }
    if (next !== UNCHANGED) {
      doc = next;
      changed = true;
    }
    docs.set(m, doc);
  }
  return { doc, docs, changed };
}

/** Steps 1 and 2: every item read, checked, built and authorized; throws the batch's refusal naming every refused item. */
async function buildBatch(services: CatalogDeps, inputs: WriteInput[], opts: WriteBatchOptions) {
  const urnOf = (i: number) => inputs[i].target.urn.raw;
  const label = opts.label ?? defaultLabel(urnOf);
  const refusals = new Refusals(urnOf, (i) => inputs[i].changes[0]?.aspect ?? '');
  // One real-time read of every definition for the whole batch, and the request's provenance taken now: the store may
  // run an item's write inside another caller's merged write.
  const definitions = inputs[0].definitions ?? services.definitionCache.writeMemo();
  const provenance = currentLogContext();
  const items = inputs.map((input) => ({ ...input, definitions: input.definitions ?? definitions, provenance: input.provenance ?? provenance }));
  const groups = [...groupByUrn(items)];
  // A parent written by an earlier item counts as existing if that item leaves it existing (checked once built).
  const firstIndex = new Map(groups.map(([urn, members]) => [urn, members[0]]));
  const parentsInBatch: [number, string][] = [];
  const inBatch = (parent: string, i: number) => {
    if ((firstIndex.get(parent) ?? i) >= i) return false;
    parentsInBatch.push([i, parent]);
    return true;
  };
  const [existing] = await Promise.all([
    opts.existing ?? readEntities(services, items),
    precheckWrites(services, items, definitions, { propertyUrns: opts.propertyUrns, inBatch, refuse: (i, e) => refusals.add(i, e) }),
  ]);
  const built = await Promise.all(
    groups.map(async ([urn, members]) => {
      if (members.some((m) => refusals.has(m))) return undefined;
      const current = existing.get(urn);
      // The build appends its change records to the document as read (changed in place): those after this many.
      const recorded = current?.doc.outbox?.length ?? 0;
      const group = await buildGroup(services, items, members, current?.doc ?? null, opts.keepDocs ?? false, refusals);
      return group && { urn, members, at: current, recorded, ...group };
    }),
  );
  const builtByUrn = new Map(built.flatMap((b) => (b ? [[b.urn, b] as const] : [])));
  for (const [i, parent] of parentsInBatch) {
    const p = builtByUrn.get(parent);
    if (p && p.doc === null) refusals.add(i, notFound(`Entity ${parent} (parent of ${urnOf(i)}) does not exist`));
  }
  if (refusals.size > 0) throw batchRefusal(refusals.items, inputs.length, label);
  return { items, built: built as NonNullable<(typeof built)[number]>[], refusals, label };
}

/**
 * What the batch would change, written nowhere: every item built and authorized exactly as `writeBatch` does (the same
 * refusal when one is refused), answered as the change records the write would make — KEEP records and the ownership
 * rules included (value-owners/whole-write.ts).
 */
export async function previewBatch(services: CatalogDeps, inputs: WriteInput[], opts: WriteBatchOptions = {}): Promise<ChangeRecord[]> {
  if (inputs.length === 0) return [];
  const { built } = await buildBatch(services, inputs.map((i) => ({ ...i, preview: true })), opts);
  return built.flatMap((b) => (b.changed && b.doc ? ((b.doc.outbox ?? []).slice(b.recorded) as ChangeRecord[]) : []));
}

/**
 * Writes the batch all or nothing (see above); answers the document each item left (null where the entity does not
 * exist after it; empty unless `keepDocs`). Throws the batch's refusal, naming every refused item, before any write.
 */
export async function writeBatch(services: CatalogDeps, inputs: WriteInput[], opts: WriteBatchOptions = {}): Promise<(EntityDoc | null)[]> {
  if (inputs.length === 0) {
    await opts.beforeWrite?.();
    return [];
  }
  const { items, built, refusals, label } = await buildBatch(services, inputs, opts);
  const refresh = items.some((i) => i.waitForSearch);
  const writes = built.filter((b) => b!.changed && b!.doc !== null).map((b) => ({ doc: b!.doc!, at: b!.at }));
  await opts.beforeWrite?.();
  const retry = await services.store.bulkWrite(writes, { refresh });
  const out: (EntityDoc | null)[] = new Array(inputs.length).fill(null);
  for (const b of built) if (!retry.has(b!.urn)) b!.docs.forEach((doc, m) => (out[m] = doc));
  // The entities changed since the read: each rebuilt on what is stored now, in the store's read-modify-write.
  await Promise.all(
    built
      .filter((b) => retry.has(b!.urn))
      .map(async (b) => {
        const type = items[b!.members[0]].target.def.name;
        try {
          await services.store.mutate(
            type,
            b!.urn,
            async (current) => {
              const group = await buildGroup(services, items, b!.members, current, opts.keepDocs ?? false, refusals);
              if (!group) throw new RebuildRefused();
              group.docs.forEach((doc, m) => (out[m] = doc));
              return group.changed ? group.doc! : UNCHANGED;
            },
            { refresh },
          );
        } catch (e) {
          if (!(e instanceof RebuildRefused)) refusals.add(b!.members[0], e);
        }
      }),
  );
  for (const type of new Set(items.map((i) => i.target.def.name))) services.definitionCache.afterWrite(type);
  if (refusals.size > 0) throw batchRefusal(refusals.items, inputs.length, label, true);
  // Each changed entity with the aspects its items asked to change, for the hooks that follow a write.
  await afterWrite(services, built.filter((b) => b!.changed).map((b) => ({ input: items[b!.members[0]], members: b!.members.flatMap((m) => items[m].changes.map((c) => c.aspect)) })));
  return out;
}

/** A rebuild refused an item (already listed in the refusals): the entity is left as it is. */
class RebuildRefused extends Error {}
