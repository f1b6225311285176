/**
 * `get_entity`'s summary of one read entity: its main aspects reduced to what a model reasons with, lists and texts
 * capped — more tightly when the first cut still exceeds the answer's budget — with `truncated` and `truncatedFields`
 * naming what was cut.
 */
import type { EntityView } from '../catalog/read-entity.js';
import { entityPlatform, firstOf, nameAndDescription, tagsOf, termsOf, type AspectValues } from './entity-summary.js';
import { ANSWER_BYTES, bytesOf, cutText } from './tool-answers.js';

type Obj = Record<string, any>;

interface Caps {
  list: number;
  text: number;
  description: number;
}
/** Tried in turn until the summary fits in half the answer (the rest is for aspects asked for by name). */
const LEVELS: Caps[] = [
  { list: 20, text: 200, description: 1500 },
  { list: 8, text: 100, description: 500 },
  { list: 3, text: 60, description: 200 },
];

/** Aspects holding an entity's own `customProperties` map. */
const CUSTOM_PROPERTY_ASPECTS = ['datasetProperties', 'dataJobInfo', 'dataFlowInfo', 'chartInfo', 'dashboardInfo', 'glossaryTermInfo'];

const valueText = (v: Obj): string | number | undefined => v?.double ?? v?.string;

function build(entity: EntityView, caps: Caps, cut: Set<string>): Obj {
  const valueOf: AspectValues = (a) => entity.aspects[a]?.value as Obj | undefined;
  const names = Object.keys(entity.aspects);
  const capped = <T>(field: string, items: readonly T[]): T[] | undefined => {
    if (items.length === 0) return undefined;
    const { items: kept, more } = firstOf(items, caps.list);
    if (more) cut.add(field);
    return kept;
  };
  const text = (field: string, value: unknown, max: number) => {
    const out = cutText(value, max);
    if (out !== undefined && out !== value) cut.add(field);
    return out;
  };
  const { name, description } = nameAndDescription(entity.entityType, entity.urn, valueOf, names);
  const owners = capped('owners', ((valueOf('ownership')?.owners ?? []) as Obj[]).map((o) => ({ owner: o.owner, type: o.type })));
  const properties = capped(
    'structuredProperties',
    ((valueOf('structuredProperties')?.properties ?? []) as Obj[]).map((p) => ({
      property: p.propertyUrn,
      values: (p.values as Obj[]).slice(0, caps.list).map((v) => {
        const x = valueText(v);
        return typeof x === 'string' ? text('structuredProperties', x, caps.text) : x;
      }),
    })),
  );
  const custom = CUSTOM_PROPERTY_ASPECTS.map((a) => valueOf(a)?.customProperties as Record<string, string> | undefined).find((c) => c && Object.keys(c).length > 0);
  const customKept = custom && capped('customProperties', Object.entries(custom))?.map(([k, v]) => [k, text('customProperties', v, caps.text)]);
  const schemaFields = (valueOf('schemaMetadata')?.fields as unknown[] | undefined)?.length;
  const modified = Object.values(entity.aspects).reduce<{ time: number; actor: string } | undefined>(
    (last, a) => (!last || a.systemMetadata.aspectModified.time > last.time ? a.systemMetadata.aspectModified : last),
    undefined,
  );
  const qualifiedName = valueOf('datasetProperties')?.qualifiedName;
  return {
    urn: entity.urn,
    type: entity.entityType,
    name,
    ...(description && { description: text('description', description, caps.description) }),
    ...(entityPlatform(entity.urn, valueOf) && { platform: entityPlatform(entity.urn, valueOf) }),
    ...(typeof qualifiedName === 'string' && { qualifiedName }),
    ...(valueOf('status')?.removed === true && { removed: true }),
    ...(valueOf('subTypes')?.typeNames?.length && { subTypes: valueOf('subTypes')!.typeNames }),
    ...(typeof valueOf('container')?.container === 'string' && { container: valueOf('container')!.container }),
    ...(valueOf('domains')?.domains?.length && { domains: capped('domains', valueOf('domains')!.domains) }),
    ...(tagsOf(valueOf).length > 0 && { tags: capped('tags', tagsOf(valueOf)) }),
    ...(termsOf(valueOf).length > 0 && { terms: capped('terms', termsOf(valueOf)) }),
    ...(owners && { owners }),
    ...(properties && { structuredProperties: properties }),
    ...(customKept && { customProperties: Object.fromEntries(customKept) }),
    ...(schemaFields !== undefined && { columns: schemaFields }),
    ...(modified && { lastModified: { time: new Date(modified.time).toISOString(), actor: modified.actor } }),
    aspectSizes: Object.fromEntries(names.map((a) => [a, bytesOf(entity.aspects[a].value ?? null)])),
  };
}

export function summaryOf(entity: EntityView): Obj {
  let summary: Obj = {};
  let cut = new Set<string>();
  for (const caps of LEVELS) {
    cut = new Set();
    summary = build(entity, caps, cut);
    if (bytesOf(summary) <= ANSWER_BYTES / 2) break;
  }
  return cut.size > 0 ? { ...summary, truncated: true, truncatedFields: [...cut] } : summary;
}
