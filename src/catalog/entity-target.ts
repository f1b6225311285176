/** Resolves and checks the (entity type, URN) pair an operation addresses. */
import { invalidUrn, validationError } from '../errors.js';
import { findAspectName, findEntityType, type EntityTypeDef } from '../model/entity-types.js';
import { parseEntityUrn, type Urn } from '../model/urn.js';

export interface EntityTarget {
  def: EntityTypeDef;
  urn: Urn;
}

/** `entityName` may be any case (paths); the URN's own type must agree with it. */
export function resolveTarget(entityName: string | undefined, rawUrn: unknown): EntityTarget {
  const urn = parseEntityUrn(rawUrn);
  const def = findEntityType(entityName ?? urn.entityType);
  if (!def) throw validationError(`Failed to find entity with name ${entityName ?? urn.entityType} in EntityRegistry`);
  if (def.name !== urn.entityType) throw invalidUrn(`Invalid urn: ${urn.raw}: expected an urn of entity type ${def.name}`);
  return { def, urn };
}

/** The URN whose document decides whether the target exists: a schemaField exists when its parent dataset does. */
export function existenceUrnOf(target: EntityTarget): string {
  return target.def.name === 'schemaField' ? target.urn.parts[0] : target.urn.raw;
}

export function resolveAspect(def: EntityTypeDef, aspect: string): string {
  const name = findAspectName(def, aspect);
  if (name) return name;
  const series = def.timeseriesAspects.find((a) => a.toLowerCase() === aspect.toLowerCase());
  if (series) throw validationError(`${series} is a time-series aspect of ${def.name}: its points are written by proposals and read with POST /aspects?action=getTimeseriesAspectValues or GET /openapi/v2/timeseries/${def.name}/${series}`);
  throw validationError(`Unknown aspect ${aspect} for entity ${def.name}; known aspects: ${[def.keyAspect, ...def.aspects].join(', ')}`);
}
