/**
 * The README's table of entity types and their aspects, written from the registry (src/model/registry/entities.json), so
 * the document says exactly what Tessera stores: `npm run registry-table` prints it; a unit test holds the README to it.
 */
import { ENTITY_TYPES } from '../entity-types.js';

const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

export function registryTable(): string {
  const head = ['| Entity type | URN | GraphQL | Rest.li snapshot | Aspects (key first) | Time-series aspects |', '|---|---|---|---|---|---|'];
  const rows = ENTITY_TYPES.map((t) =>
    [`\`${t.name}\``, `\`${t.urnShape}\``, t.graphqlObject ?? '—', t.snapshot ?? '—', code([t.keyAspect, ...t.aspects]), t.timeseriesAspects.length > 0 ? code(t.timeseriesAspects) : '—'].join(' | '),
  );
  return [...head, ...rows.map((r) => `| ${r} |`)].join('\n');
}
