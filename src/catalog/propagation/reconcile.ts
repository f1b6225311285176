/**
 * Brings one label's propagated values in line with its rule, the lineage and the carriers as they are now: the
 * entities (or columns) carrying the label themselves are the origins; every entity their lineage reaches within the
 * rule's hops, past no stop, should carry it marked with the nearest origin and the way from it; any other value the
 * rule propagated is removed. Every change goes through the one write path as the person who set the rule (so history
 * records each with its origin in the value's attribution, events announce it, and a right that person lacks refuses
 * it); a value set on an entity itself is never overridden. Running it again changes nothing: it is what the durable
 * propagation job runs, resumable from the start at any point.
 */
import { CatalogError } from '../../errors.js';
import { platformOf } from '../../model/platform-of.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { entityTypeOfUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { walkLineage, type Admit } from '../lineage/lineage-walk.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import { KEEP_ASPECT, type WriteInput } from '../write-input.js';
import { writeBatch } from '../write-batch.js';
import { labelAspect, ownEntry, ownValues, propagatedEntry, sameOrigin, withPropagated, type LabelKind, type Origin } from './label-values.js';
import { ruleOf, type PropagationRule } from './propagation-rules.js';

/** The most carriers (and, apart, the most propagated values) one run reads; more are left for the next run and said. */
const READ_LIMIT = 10_000;
const WRITE_CHUNK = 500;

export interface ReconcileOutcome {
  label: string;
  rule: boolean;
  origins: number;
  /** Entities that should carry the label by propagation. */
  reached: number;
  added: number;
  updated: number;
  removed: number;
  /** Writes the rule's setter may not make, or entities that do not exist (named by lineage only). */
  refused: { urn: string; reason: string }[];
  /** A read limit was met: some carriers or values were not seen. */
  partial: boolean;
}

const carrierTypes = (kind: LabelKind) => ENTITY_TYPES.filter((t) => t.aspects.includes(labelAspect(kind))).map((t) => t.name);
const carryingQuery = (kind: LabelKind, label: string) => ({ term: { [kind === 'tag' ? 'tags' : 'propertyUrns']: label } });

async function searchCarriers(services: CatalogDeps, types: string[], kind: LabelKind, label: string) {
  const res = await services.store.search(types, {
    size: READ_LIMIT,
    track_total_hits: true,
    query: { bool: { filter: [carryingQuery(kind, label), NOT_SOFT_DELETED] } },
    sort: [{ urn: 'asc' }],
    _source: ['urn', 'entityType', `aspects.${labelAspect(kind)}.value`],
  });
  const hits = (res.hits.hits as { _source: { urn: string; entityType: string; aspects: Record<string, { value?: unknown }> } }[]).map((h) => h._source);
  return { hits, partial: res.hits.total.value > READ_LIMIT };
}

/** The walk's stops: entities on a stop platform or carrying a stop tag are neither labelled nor walked through. */
function stopsOf(services: CatalogDeps, rule: PropagationRule): Admit | undefined {
  if (rule.stopAtPlatforms.length === 0 && rule.stopAtTags.length === 0) return undefined;
  return async (urns) => {
    let open = urns.filter((u) => !rule.stopAtPlatforms.includes(platformOf(u) ?? ''));
    if (rule.stopAtTags.length > 0 && open.length > 0) {
      const docs = await services.store.mgetAcross(open.map((urn) => ({ entityType: entityTypeOfUrn(urn), urn })));
      const tagged = (urn: string) => ((docs.get(urn)?.aspects.globalTags?.value as { tags?: { tag: string }[] } | undefined)?.tags ?? []).some((t) => rule.stopAtTags.includes(t.tag));
      open = open.filter((u) => !tagged(u));
    }
    return new Set(open);
  };
}

/**
 * Where the label should be by propagation: each entity reached from the origins in one walk (all of them at once),
 * from its nearest origin (then the first by URN), with the way from it.
 */
async function desiredOrigins(services: CatalogDeps, rule: PropagationRule, origins: { urn: string; values?: unknown[] }[]): Promise<Map<string, Origin>> {
  const out = new Map<string, Origin>();
  if (origins.length === 0) return out;
  const valuesOf = new Map(origins.map((o) => [o.urn, o.values]));
  const walk = await walkLineage(services, [...valuesOf.keys()], rule.direction, rule.maxHops, { admit: stopsOf(services, rule) });
  await walk.complete(walk.reached.keys());
  for (const [urn, r] of walk.reached) {
    const path = [...r.paths].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))[0];
    if (path) out.set(urn, { origin: path[0], path, values: valuesOf.get(path[0]) });
  }
  return out;
}

/** Writes each change through the one batch engine, in chunks; an item refused is left out, named, and the rest written. */
async function writeAll(services: CatalogDeps, inputs: WriteInput[], refused: ReconcileOutcome['refused']): Promise<number> {
  let written = 0;
  for (let i = 0; i < inputs.length; i += WRITE_CHUNK) {
    let chunk = inputs.slice(i, i + WRITE_CHUNK);
    while (chunk.length > 0) {
      try {
        await writeBatch(services, chunk);
        written += chunk.length;
        break;
      } catch (e) {
        const items = e instanceof CatalogError ? (e.details?.items as { index: number; urn: string; reason: string }[] | undefined) : undefined;
        if (!items?.length) throw e;
        const out = new Set(items.map((x) => x.index));
        refused.push(...items.map((x) => ({ urn: x.urn, reason: x.reason })));
        chunk = chunk.filter((_, k) => !out.has(k));
      }
    }
  }
  return written;
}

export async function reconcileLabel(services: CatalogDeps, kind: LabelKind, label: string, actorIfNoRule: string): Promise<ReconcileOutcome> {
  const doc = await services.store.get(kind, label);
  const rule = doc ? ruleOf(kind, label, doc.aspects) : undefined;
  const aspect = labelAspect(kind);
  const types = carrierTypes(kind);
  const outcome: ReconcileOutcome = { label, rule: rule !== undefined, origins: 0, reached: 0, added: 0, updated: 0, removed: 0, refused: [], partial: false };

  // The carriers of the label, own values and propagated ones alike (both are in the search field).
  const carriers = await searchCarriers(services, types, kind, label);
  outcome.partial = carriers.partial;
  const current = new Map<string, Record<string, any>>();
  const origins: { urn: string; values?: unknown[] }[] = [];
  const columnLevel = rule?.level === 'COLUMN';
  for (const c of carriers.hits) {
    const own = ownEntry(kind, label, c.aspects);
    if (own && rule && (c.entityType === 'schemaField') === columnLevel) origins.push({ urn: c.urn, values: ownValues(kind, own) });
    const propagated = propagatedEntry(kind, label, c.aspects);
    if (propagated) current.set(c.urn, propagated);
  }
  outcome.origins = origins.length;
  const desired = rule ? await desiredOrigins(services, rule, origins) : new Map<string, Origin>();
  // Only entities of a type that can carry the label take it (a job between two tables passes it on).
  for (const urn of desired.keys()) if (!types.includes(entityTypeOfUrn(urn))) desired.delete(urn);
  outcome.reached = desired.size;

  const stamp = { time: Date.now(), actor: rule?.setBy ?? actorIfNoRule };
  const change = (urn: string, origin: Origin | undefined): WriteInput => ({
    target: resolveTarget(undefined, urn),
    actor: stamp.actor,
    mustExist: true,
    // With no rule left, what it set is removed as a clean-up (the rule's removal was authorized); otherwise every
    // change is authorized as the rule's setter's own.
    preauthorized: !rule,
    changes: [{ aspect, compute: (previous) => withPropagated(kind, label, previous, origin, stamp) ?? KEEP_ASPECT }],
  });
  const adds: WriteInput[] = [];
  const updates: WriteInput[] = [];
  const removals: WriteInput[] = [];
  for (const [urn, origin] of desired) {
    const entry = current.get(urn);
    if (!entry) adds.push(change(urn, origin));
    else if (!sameOrigin(entry, origin)) updates.push(change(urn, origin));
  }
  for (const urn of current.keys()) if (!desired.has(urn)) removals.push(change(urn, undefined));
  outcome.removed = await writeAll(services, removals, outcome.refused);
  outcome.updated = await writeAll(services, updates, outcome.refused);
  outcome.added = await writeAll(services, adds, outcome.refused);
  return outcome;
}
