/**
 * Adds one time-series point to an entity for an interface that builds the point itself (GraphQL's reportOperation and
 * reportAssertionResult): checked against its aspect's schema, authorized as an edit of the entity, then written — the
 * checks and the write of the wire's own points (points.ts).
 */
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { EntityTarget } from '../entity-target.js';
import { authorizePoints, checkPointValue, storedPoint, timeseriesAspectOf, type PointInput } from './points.js';

export interface AddPointInput {
  target: EntityTarget;
  aspect: string;
  value: Record<string, unknown>;
  actor: string;
  /** Answer once the point is searchable (a client that reads it back at once). */
  waitForSearch?: boolean;
}

export async function addPoint(services: CatalogDeps, input: AddPointInput): Promise<void> {
  const aspect = timeseriesAspectOf(input.target.def, input.aspect);
  if (!aspect) throw validationError(`${input.aspect} is not a time-series aspect of ${input.target.def.name}`);
  await writePoint(services, input.actor, { target: input.target, aspect, value: checkPointValue(aspect, input.value) }, input.waitForSearch);
}

/** Authorizes one checked point as an edit of its entity, then writes it (the wire's single proposal comes here too). */
export async function writePoint(services: CatalogDeps, actor: string, point: PointInput, waitForSearch?: boolean): Promise<void> {
  await authorizePoints(services, actor, [point], (_i, e) => {
    throw e;
  });
  await services.timeseries.write([storedPoint(point)], { refresh: waitForSearch });
}
