/** The name and description of an entity of a registered type, from where the registry says (`nameFrom`, `descriptionFrom`). */
import type { EntityTypeDef } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';

type Obj = Record<string, unknown>;

/** The first of `paths` (`aspect.field`, or deeper: `documentInfo.contents.text`) holding a non-empty string. */
function firstText(valueOf: (aspect: string) => Obj | undefined, paths: readonly string[] | undefined): string | undefined {
  for (const path of paths ?? []) {
    const [aspect, ...fields] = path.split('.');
    let v: unknown = valueOf(aspect);
    for (const f of fields) v = v && typeof v === 'object' && Object.hasOwn(v, f) ? (v as Obj)[f] : undefined;
    if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** Without a name in its aspects: the key's `name`, else its last plain part (an ML feature's name, a test's id), else the URN. */
export function registeredNames(def: EntityTypeDef, urn: string, valueOf: (aspect: string) => Obj | undefined): { name: string; description?: string } {
  const named = def.key.find((k) => k.field === 'name') ?? [...def.key].reverse().find((k) => k.kind === 'string');
  const fromKey = named && def.keyFromUrn(parseUrn(urn))[named.field];
  return { name: firstText(valueOf, def.nameFrom) ?? (typeof fromKey === 'string' ? fromKey : urn), description: firstText(valueOf, def.descriptionFrom) };
}

/** The aspects `registeredNames` reads. */
export const namingAspects = (def: EntityTypeDef): string[] => [...new Set([...(def.nameFrom ?? []), ...(def.descriptionFrom ?? [])].map((p) => p.split('.')[0]))];
