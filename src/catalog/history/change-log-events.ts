/**
 * The original's `MetadataChangeLog_Versioned_v1` topic, served from the same change records as every other reader:
 * one change log per aspect an entity version changed, with the whole aspect after the change and before it. The
 * aspect values are rebuilt by replaying the entity's records up to that version (the events index holds them all
 * since the entity's first version), so the topic costs one more search per poll page and no second write.
 */
import type { StoredEvent } from '../../storage/event-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { changesSomething, type ChangeRecord } from './change-record.js';
import { applyRecord } from './replay.js';

export const CHANGE_LOG_TOPIC = 'MetadataChangeLog_Versioned_v1';
/** Earlier records read at most per poll page to rebuild aspect values; past it the values are left out, and said so. */
const MAX_REPLAYED = 100_000;

type Aspects = Record<string, unknown>;
type GenericAspect = { contentType: 'application/json'; value: string };

const generic = (v: unknown): GenericAspect | undefined => (v === undefined ? undefined : { contentType: 'application/json', value: JSON.stringify(v) });

interface EntityState {
  aspects: Aspects;
  /** False when retention removed the entity's first records (or there were too many to read): values are unknown. */
  complete: boolean;
}

/** Every entity's aspects just before the page, from its earlier records. */
async function statesBefore(deps: CatalogDeps, page: StoredEvent[]): Promise<Map<string, EntityState>> {
  const states = new Map<string, EntityState>();
  const urns = [...new Set(page.map((r) => r.urn))];
  for (const urn of urns) states.set(urn, { aspects: {}, complete: true });
  const earlier = await deps.events.find({ urns, upToSeq: page[0].seq - 1, excludeCategories: ['ADMIN'] }, MAX_REPLAYED + 1);
  const seen = new Set<string>();
  for (const r of [...earlier, ...page] as unknown as ChangeRecord[]) {
    if (seen.has(r.urn)) continue;
    seen.add(r.urn);
    // The entity's first kept record must be its first version, or retention removed some (as `asOf` decides).
    if ((r.version ?? 1) > 1) states.get(r.urn)!.complete = false;
  }
  if (earlier.length > MAX_REPLAYED) for (const s of states.values()) s.complete = false;
  for (const r of earlier as unknown as ChangeRecord[]) applyRecord(states.get(r.urn)!.aspects, r);
  return states;
}

/** The change logs of a page of records (in sequence order), one per aspect each entity version changed. */
export async function toChangeLogs(deps: CatalogDeps, page: StoredEvent[]): Promise<Record<string, unknown>[]> {
  const records = page.filter((r) => r.category !== 'ADMIN' && changesSomething(r as unknown as ChangeRecord));
  if (records.length === 0) return [];
  const states = await statesBefore(deps, records);
  const out: Record<string, unknown>[] = [];
  let i = 0;
  while (i < records.length) {
    // One entity version: consecutive records of one urn and version.
    const first = records[i] as unknown as ChangeRecord;
    let j = i;
    while (j < records.length && records[j].urn === first.urn && records[j].version === first.version) j++;
    const group = records.slice(i, j) as unknown as (ChangeRecord & { seq: number })[];
    i = j;
    const state = states.get(first.urn)!;
    const deleted = group.some((r) => r.operation === 'HARD_DELETE');
    const touched = deleted ? Object.keys(state.aspects) : [...new Set(group.map((r) => r.aspect))];
    const before = new Map(touched.map((a) => [a, JSON.stringify(state.aspects[a] ?? null)]));
    for (const r of group) applyRecord(state.aspects, r);
    const last = group[group.length - 1];
    for (const aspect of touched) {
      const after = state.aspects[aspect];
      const previous = JSON.parse(before.get(aspect)!) ?? undefined;
      out.push({
        entityType: first.entityType,
        entityUrn: first.urn,
        changeType: after === undefined ? 'DELETE' : 'UPSERT',
        aspectName: aspect,
        ...(state.complete && after !== undefined && { aspect: generic(after) }),
        ...(state.complete && previous !== undefined && { previousAspectValue: generic(previous) }),
        systemMetadata: { lastObserved: last.time, runId: 'no-run-id-provided', version: String(first.version ?? '') },
        created: { time: last.time, actor: last.actor },
        // Tessera's additions: where the change log stands in the sequence, and the records it sums up.
        seq: last.seq,
        entityVersion: first.version,
        eventIds: group.filter((r) => deleted || r.aspect === aspect).map((r) => r.id),
        ...(!state.complete && { aspectValuesOmitted: 'the records before this entity version were removed by retention' }),
      });
    }
  }
  return out;
}
