/**
 * A label (a tag, or a structured property with its values) as an entity carries it: set on the entity itself, or
 * propagated along lineage — then marked by its attribution (`source` PROPAGATION_SOURCE, `sourceDetail` naming the
 * rule, the origin entity and the way from it). Pure reads and edits of globalTags and structuredProperties values.
 */
import type { TagAssociation } from '../../model/aspects/common.js';
import type { StructuredPropertyValueAssignment } from '../../model/aspects/structured-properties.js';

/** The attribution source of every value a propagation rule set. */
export const PROPAGATION_SOURCE = 'urn:li:dataHubAction:tessera-propagation';

export type LabelKind = 'tag' | 'structuredProperty';
type Aspects = Record<string, { value?: unknown } | undefined>;
type Attributed = { attribution?: { source?: string; sourceDetail?: Record<string, string> } };

/** Where a propagated value came from. */
export interface Origin {
  /** The entity carrying the label itself, and the way from it (origin first). */
  origin: string;
  path: string[];
  /** The values it carries (a property's; none for a tag). */
  values?: unknown[];
}

export const labelAspect = (kind: LabelKind) => (kind === 'tag' ? 'globalTags' : 'structuredProperties');

/** The list of the label's aspect that holds its entries. */
const listNameOf = (kind: LabelKind) => (kind === 'tag' ? 'tags' : 'properties');
const entriesIn = (kind: LabelKind, value: unknown): (Attributed & Record<string, any>)[] => {
  const list = (value as Record<string, unknown> | undefined)?.[listNameOf(kind)];
  return Array.isArray(list) ? list : [];
};
const entriesOf = (kind: LabelKind, aspects: Aspects) => entriesIn(kind, aspects[labelAspect(kind)]?.value);
/** The way from the origin, as the attribution's `via` holds it. */
const viaOf = (origin: Origin) => origin.path.join(' > ');
const keyOf = (kind: LabelKind) => (kind === 'tag' ? 'tag' : 'propertyUrn');
const propagatedBy = (e: Attributed, label: string) => e.attribution?.source === PROPAGATION_SOURCE && e.attribution.sourceDetail?.rule === label;

/** The entity's own entry for the label (not propagated), or undefined. */
export function ownEntry(kind: LabelKind, label: string, aspects: Aspects): Record<string, any> | undefined {
  return entriesOf(kind, aspects).find((e) => e[keyOf(kind)] === label && e.attribution?.source !== PROPAGATION_SOURCE);
}

/** The entry the rule of `label` propagated to the entity, or undefined. */
export function propagatedEntry(kind: LabelKind, label: string, aspects: Aspects): Record<string, any> | undefined {
  return entriesOf(kind, aspects).find((e) => e[keyOf(kind)] === label && propagatedBy(e, label));
}

/** The values a carrier's own entry holds (a property's values; none for a tag). */
export const ownValues = (kind: LabelKind, entry: Record<string, any>): unknown[] | undefined => (kind === 'structuredProperty' ? (entry.values as unknown[]) : undefined);

/** Whether the entry propagated from `origin` says what the origin says now. */
export function sameOrigin(entry: Record<string, any>, origin: Origin): boolean {
  const d = entry.attribution?.sourceDetail ?? {};
  return d.origin === origin.origin && d.via === viaOf(origin) && JSON.stringify(entry.values ?? null) === JSON.stringify(origin.values ?? null);
}

/**
 * The aspect value with the label's propagated entry set to `origin` (or removed, when `origin` is undefined); the
 * entity's own entry is never touched. Undefined when nothing changes.
 */
export function withPropagated(kind: LabelKind, label: string, previous: unknown, origin: Origin | undefined, stamp: { time: number; actor: string }): unknown {
  const prev = (previous ?? {}) as Record<string, any>;
  const listName = listNameOf(kind);
  const list = entriesIn(kind, prev);
  const key = keyOf(kind);
  const current = list.find((e) => e[key] === label);
  if (current && !propagatedBy(current, label)) return undefined; // set on the entity itself: it wins
  if (!origin) return current ? { ...prev, [listName]: list.filter((e) => e !== current) } : undefined;
  if (current && sameOrigin(current, origin)) return undefined;
  const attribution = { time: stamp.time, actor: stamp.actor, source: PROPAGATION_SOURCE, sourceDetail: { rule: label, origin: origin.origin, via: viaOf(origin) } };
  const entry: TagAssociation | StructuredPropertyValueAssignment =
    kind === 'tag' ? { tag: label, attribution } : ({ propertyUrn: label, values: origin.values ?? [], created: stamp, lastModified: stamp, attribution } as StructuredPropertyValueAssignment);
  return { ...prev, [listName]: current ? list.map((e) => (e === current ? entry : e)) : [...list, entry] };
}
