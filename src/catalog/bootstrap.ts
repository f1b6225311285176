/** Creates the built-in value types and entity types on first start (idempotent). */
import { ENTITY_TYPES, entityTypeUrn } from '../model/entity-types.js';
import type { Services } from '../services.js';
import { resolveTarget } from './entity-target.js';
import { writeAspects } from './write-aspects.js';

export const SYSTEM_ACTOR = 'urn:li:corpuser:__tessera_system';

export const VALUE_TYPES = [
  { id: 'string', displayName: 'String', description: 'A string of characters.' },
  { id: 'number', displayName: 'Number', description: 'An integer or decimal number.' },
  { id: 'date', displayName: 'Date', description: 'A date, formatted YYYY-MM-DD.' },
  { id: 'urn', displayName: 'Urn', description: 'A reference to another entity.' },
  { id: 'rich_text', displayName: 'Rich Text', description: 'A long text, possibly with markdown.' },
];

export async function bootstrapCatalog(services: Services): Promise<void> {
  const items = [
    ...VALUE_TYPES.map((t) => ({
      type: 'dataType',
      urn: `urn:li:dataType:service.${t.id}`,
      aspect: 'dataTypeInfo',
      value: { qualifiedName: `service.${t.id}`, displayName: t.displayName, description: t.description },
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
        .map((i) => writeAspects(services, { target: resolveTarget(type, i.urn), actor: SYSTEM_ACTOR, changes: [{ aspect: i.aspect, compute: () => i.value }] })),
    );
  }
}
