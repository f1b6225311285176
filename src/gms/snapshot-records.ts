/**
 * The snapshot records of the original's Rest.li wire (`POST /entities?action=ingest|batchIngest`): a snapshot names
 * its entity type by its record (`com.linkedin.metadata.snapshot.<X>Snapshot`, the registry's `snapshot`), and each of
 * its aspects by the aspect's record name. Record names are read back to aspect names through the one table
 * (record-names.ts) and, for the registry's other aspects, by the record's own name (`ChartInfo` → `chartInfo`,
 * `MLModelProperties` → `mlModelProperties`), matched without regard to case against the type's aspects.
 */
import { ENTITY_TYPES, type EntityTypeDef } from '../model/entity-types.js';
import { validationError } from '../errors.js';
import { RECORD_NAME_ASPECTS, recordNameOf } from './record-names.js';

const SNAPSHOT_PREFIX = 'com.linkedin.metadata.snapshot.';
const bySnapshot = new Map(ENTITY_TYPES.filter((d) => d.snapshot).map((d) => [`${SNAPSHOT_PREFIX}${d.snapshot}`, d]));
const byRecordName = new Map(RECORD_NAME_ASPECTS.map((a) => [recordNameOf(a)!, a]));

/** The entity type a snapshot record is for; a record the registry does not list is refused, naming the known ones. */
export function entityTypeOfSnapshot(record: string): EntityTypeDef {
  const def = bySnapshot.get(record);
  if (!def) throw validationError(`Unknown snapshot ${record}; known: ${[...bySnapshot.keys()].map((k) => k.slice(SNAPSHOT_PREFIX.length)).join(', ')}`);
  return def;
}

/** `MLModelProperties` → `mlModelProperties`, `ChartInfo` → `chartInfo`: a leading run of capitals is one word. */
export function lowerCamel(simpleName: string): string {
  const run = /^[A-Z]+/.exec(simpleName)?.[0] ?? '';
  if (run.length <= 1) return simpleName.charAt(0).toLowerCase() + simpleName.slice(1);
  // The run's last capital starts the next word when a lower-case letter follows it.
  const word = run.length < simpleName.length ? run.slice(0, -1) : run;
  return word.toLowerCase() + simpleName.slice(word.length);
}

/** The aspect of `def` an aspect record name stands for; a record the type cannot carry is refused, naming it. */
export function aspectOfRecord(def: EntityTypeDef, record: string): string {
  const named = byRecordName.get(record);
  const candidates = [def.keyAspect, ...def.aspects];
  if (named && candidates.includes(named)) return named;
  const guess = lowerCamel(record.slice(record.lastIndexOf('.') + 1)).toLowerCase();
  const found = candidates.find((a) => a.toLowerCase() === guess);
  if (!found) throw validationError(`Unknown aspect record ${record} for entity ${def.name}; known aspects: ${candidates.join(', ')}`);
  return found;
}
