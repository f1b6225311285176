/** Creates the built-in value types and entity types on first start (idempotent). */
import { ENTITY_TYPES, entityTypeUrn } from '../model/entity-types.js';
import { VALUE_KINDS, valueTypeUrn, type ValueKind } from '../model/value-types.js';
import type { CatalogDeps } from './catalog-deps.js';
import { resolveTarget } from './entity-target.js';
import { writeAspects } from './write-aspects.js';

export const SYSTEM_ACTOR = 'urn:li:corpuser:__tessera_system';

/** Display texts of the value types; keyed by kind so a new kind cannot be forgotten here. */
const VALUE_TYPE_INFO: Record<ValueKind, { displayName: string; description: string }> = {
  string: { displayName: 'String', description: 'A string of characters.' },
  number: { displayName: 'Number', description: 'An integer or decimal number.' },
  date: { displayName: 'Date', description: 'A date, formatted YYYY-MM-DD.' },
  urn: { displayName: 'Urn', description: 'A reference to another entity.' },
  rich_text: { displayName: 'Rich Text', description: 'A long text, possibly with markdown.' },
};

export async function bootstrapCatalog(services: CatalogDeps): Promise<void> {
  const items = [
    ...VALUE_KINDS.map((kind) => ({
      type: 'dataType',
      urn: valueTypeUrn(kind),
      aspect: 'dataTypeInfo',
      value: { qualifiedName: `service.${kind}`, ...VALUE_TYPE_INFO[kind] },
    })),
    ...ENTITY_TYPES.map((t) => ({
      type: 'entityType',
      urn: entityTypeUrn(t.name),
      aspect: 'entityTypeInfo',
      value: { qualifiedName: `service.${t.name}`, displayName: t.name },
    })),
  ];
  for (const type of ['dataType', 'entityType']) {
    const wanted = items.filter((i) => i.type === type);
    const present = await services.store.mget(type, wanted.map((i) => i.urn));
    await Promise.all(
      wanted
        .filter((i) => !present.get(i.urn)?.aspects[i.aspect])
        .map((i) => writeAspects(services, { target: resolveTarget(type, i.urn), actor: SYSTEM_ACTOR, preauthorized: true, changes: [{ aspect: i.aspect, compute: () => i.value }] })),
    );
  }
}

/** Whether the built-in value types exist (bootstrapCatalog has run against these indices); one mget. */
export async function isBootstrapped(services: CatalogDeps): Promise<boolean> {
  const urns = VALUE_KINDS.map(valueTypeUrn);
  const present = await services.store.mget('dataType', urns);
  return urns.every((urn) => present.get(urn)?.aspects.dataTypeInfo);
}
