/**
 * Edges drawn and removed by hand (the original's `updateLineage`): each edge (upstream → downstream) is written into
 * the aspect of the entity that names it in the original's model — a dataset's `upstreamLineage`, a job's
 * `dataJobInputOutput` (its inputs, or its outputs when a job feeds a dataset), a chart's `chartInfo` inputs, a
 * dashboard's `dashboardInfo` charts and datasets — marked as drawn by hand (`properties.source: UI`). Every edge of
 * one request goes through the one batch engine: all are written or none, each authorized (EDIT_LINEAGE) on the entity
 * it changes, a refusal naming the edge. Both ends must exist.
 */
import { validationError, notFound } from '../../errors.js';
import { EDGE_PAIRS, edgePlacement, urnOfEntry, type EdgePlacement } from '../../model/lineage-edges.js';
import { parseEntityUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { KEEP_ASPECT, type AspectChange, type WriteInput } from '../write-aspects.js';
import { writeBatch } from '../write-batch.js';

export interface LineageEdgeInput {
  upstreamUrn: string;
  downstreamUrn: string;
}

type Obj = Record<string, any>;

/** Aspects that hold more than lineage: an edge is added only to one that exists (it carries the entity's title). */
const NEEDS_EXISTING = new Set(['chartInfo', 'dashboardInfo']);

const stampOf = (actor: string, time: number) => ({ time, actor });

/** The aspect value with the edge to `other` added (a new entry, or the entry kept if the edge is there) or removed. */
function edited(p: EdgePlacement, previous: Obj | undefined, other: string, add: boolean, actor: string, time: number): Obj | typeof KEEP_ASPECT {
  if (p.aspect === 'upstreamLineage') {
    const upstreams: Obj[] = previous?.upstreams ?? [];
    const has = upstreams.some((u) => u.dataset === other);
    if (add === has) return KEEP_ASPECT;
    const next = add
      ? [...upstreams, { dataset: other, type: 'TRANSFORMED', auditStamp: stampOf(actor, time), created: stampOf(actor, time), properties: { source: 'UI' } }]
      : upstreams.filter((u) => u.dataset !== other);
    return { ...previous, upstreams: next };
  }
  const edges: Obj[] = previous?.[p.edges!] ?? [];
  const plain: unknown[] = previous?.[p.plain!] ?? [];
  const inPlain = plain.some((x) => urnOfEntry(x) === other);
  const has = inPlain || edges.some((e) => e.destinationUrn === other);
  if (add === has) return KEEP_ASPECT;
  if (add) return { ...previous, [p.edges!]: [...edges, { destinationUrn: other, created: stampOf(actor, time), lastModified: stampOf(actor, time), properties: { source: 'UI' } }] };
  const next: Obj = { ...previous, [p.edges!]: edges.filter((e) => e.destinationUrn !== other) };
  if (inPlain) next[p.plain!] = plain.filter((x) => urnOfEntry(x) !== other);
  return next;
}

export async function updateLineage(services: CatalogDeps, input: { edgesToAdd?: (LineageEdgeInput | null)[] | null; edgesToRemove?: (LineageEdgeInput | null)[] | null; actor: string; waitForSearch?: boolean }): Promise<void> {
  const edges = [
    ...(input.edgesToAdd ?? []).map((e, i) => ({ edge: e, add: true, label: `edgesToAdd[${i}]` })),
    ...(input.edgesToRemove ?? []).map((e, i) => ({ edge: e, add: false, label: `edgesToRemove[${i}]` })),
  ].filter((e): e is { edge: LineageEdgeInput; add: boolean; label: string } => e.edge !== null);
  if (edges.length === 0) return;
  const time = Date.now();
  const planned = edges.map(({ edge, add, label }) => {
    const up = parseEntityUrn(edge.upstreamUrn);
    const down = parseEntityUrn(edge.downstreamUrn);
    if (up.raw === down.raw) throw validationError(`${label}: an entity cannot be upstream of itself (${up.raw})`);
    const p = edgePlacement(up.entityType, down.entityType);
    if (!p) throw validationError(`${label}: no lineage edge from a ${up.entityType} to a ${down.entityType} (kept: ${EDGE_PAIRS.join(', ')})`);
    const [holder, other] = p.holder === 'downstream' ? [down, up] : [up, down];
    return { add, label, p, holder, other };
  });
  // Both ends must exist (added edges): one real-time read per entity type of the ends that do not hold the edge.
  const byType = new Map<string, Set<string>>();
  for (const e of planned.filter((e) => e.add)) (byType.get(e.other.entityType) ?? byType.set(e.other.entityType, new Set()).get(e.other.entityType)!).add(e.other.raw);
  for (const [type, urns] of byType) {
    const found = await services.store.mget(type, [...urns]);
    const missing = planned.find((e) => e.add && e.other.entityType === type && !found.has(e.other.raw));
    if (missing) throw notFound(`${missing.label}: ${missing.other.raw} does not exist`);
  }
  const inputs = planned.map(({ add, label, p, holder, other }): WriteInput => {
    const change: AspectChange = {
      aspect: p.aspect,
      compute: (previous) => {
        if (add && NEEDS_EXISTING.has(p.aspect) && previous === undefined) throw validationError(`${label}: ${holder.raw} has no ${p.aspect} to hold the edge (write it first)`);
        return edited(p, previous as Obj | undefined, other.raw, add, input.actor, time);
      },
    };
    return { target: resolveTarget(undefined, holder.raw), changes: [change], actor: input.actor, waitForSearch: input.waitForSearch, mustExist: true };
  });
  await writeBatch(services, inputs, { label: (i) => `${planned[i].label} (${planned[i].holder.raw}, ${planned[i].p.aspect})` });
}
