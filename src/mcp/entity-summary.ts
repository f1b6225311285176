/**
 * Compact views of entities for a model: what an entity is called and says of itself, where it lives and how it is
 * labelled — from its aspects (a search hit's document or a read entity), each list short and each text cut.
 */
import { findEntityType } from '../model/entity-types.js';
import { platformOf } from '../model/platform-of.js';
import { parseUrn } from '../model/urn.js';
import { registeredNames } from '../catalog/registered-names.js';
import { cutText } from './tool-answers.js';

type Obj = Record<string, any>;
/** An aspect's value by name (undefined when the entity lacks it). */
export type AspectValues = (aspect: string) => Obj | undefined;

/** Where types the registry does not name (`nameFrom`) keep their name, as the search index reads it. */
const NAME_FIELDS: [aspect: string, field: string][] = [
  ['datasetProperties', 'name'], ['tagProperties', 'name'], ['dataFlowInfo', 'name'], ['dataJobInfo', 'name'],
  ['chartInfo', 'title'], ['dashboardInfo', 'title'], ['corpUserInfo', 'displayName'], ['glossaryTermInfo', 'name'],
  ['propertyDefinition', 'displayName'], ['propertyDefinition', 'qualifiedName'],
];
/** Ingested descriptions; an edited one (any `editable…Properties`) wins, as the original's pages show it. */
const DESCRIPTION_ASPECTS = ['datasetProperties', 'tagProperties', 'dataFlowInfo', 'dataJobInfo', 'chartInfo', 'dashboardInfo', 'glossaryTermInfo', 'propertyDefinition'];

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function fallbackName(entityType: string, urn: string): string {
  try {
    const id = parseUrn(urn);
    if (entityType === 'dataset') return id.parts.slice(1, -1).join(',');
    if (entityType === 'schemaField') return id.parts.slice(1).join(',');
    return id.parts.length > 1 ? id.parts[1] : id.id;
  } catch {
    return urn;
  }
}

export function nameAndDescription(entityType: string, urn: string, valueOf: AspectValues, aspectNames: readonly string[]): { name: string; description?: string } {
  const def = findEntityType(entityType);
  const edited = aspectNames.filter((a) => a.startsWith('editable')).map((a) => text(valueOf(a)?.description)).find(Boolean);
  if (def?.nameFrom || def?.descriptionFrom) {
    const named = registeredNames(def, urn, valueOf);
    return { name: named.name, description: edited ?? named.description };
  }
  const name = NAME_FIELDS.map(([a, f]) => text(valueOf(a)?.[f])).find(Boolean) ?? fallbackName(entityType, urn);
  return { name, description: edited ?? DESCRIPTION_ASPECTS.map((a) => text(valueOf(a)?.description)).find(Boolean) };
}

export const tagsOf = (valueOf: AspectValues): string[] => (valueOf('globalTags')?.tags ?? []).map((t: Obj) => t.tag).filter(Boolean);
export const termsOf = (valueOf: AspectValues): string[] => (valueOf('glossaryTerms')?.terms ?? []).map((t: Obj) => t.urn).filter(Boolean);

export function entityPlatform(urn: string, valueOf: AspectValues): string | undefined {
  return platformOf(urn) ?? text(valueOf('dataPlatformInstance')?.platform);
}

/** At most `max` of a list, and how many more there are. */
export function firstOf<T>(items: readonly T[], max: number): { items: T[]; more?: number } {
  return items.length <= max ? { items: [...items] } : { items: items.slice(0, max), more: items.length - max };
}

/** One line of a result list: urn, type, name, description cut, platform and up to ten tags. */
export function briefOf(urn: string, entityType: string, aspects: Record<string, { value?: unknown } | undefined>): Obj {
  const valueOf: AspectValues = (a) => aspects[a]?.value as Obj | undefined;
  const { name, description } = nameAndDescription(entityType, urn, valueOf, Object.keys(aspects));
  const tags = firstOf(tagsOf(valueOf), 10);
  return {
    urn,
    type: entityType,
    name,
    ...(description && { description: cutText(description) }),
    ...(entityPlatform(urn, valueOf) && { platform: entityPlatform(urn, valueOf) }),
    ...(tags.items.length > 0 && { tags: tags.items }),
    ...(tags.more && { moreTags: tags.more }),
    ...(valueOf('status')?.removed === true && { removed: true }),
  };
}

/** A result the search did not return the document of (never expected): its URN and what the URN says. */
export function briefOfUrn(urn: string): Obj {
  let type = 'unknown';
  try {
    type = parseUrn(urn).entityType;
  } catch {
    // An URN the catalog cannot parse is shown as it is.
  }
  return { urn, type, ...(platformOf(urn) && { platform: platformOf(urn) }) };
}
