/** Removes an entity's points of one time-series aspect, all or those in a time range (the original's `datahub delete -a`). */
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { entityResource, rightForDelete } from '../access/change-rights.js';
import type { EntityTarget } from '../entity-target.js';
import { timeseriesAspectOf } from './points.js';

export async function deleteEntityPoints(services: CatalogDeps, target: EntityTarget, actor: string, aspectName: string, range: { startTimeMillis?: number; endTimeMillis?: number }): Promise<number> {
  const aspect = timeseriesAspectOf(target.def, aspectName);
  if (!aspect) throw validationError(`${aspectName} is not a time-series aspect of ${target.def.name} (time-series aspects: ${target.def.timeseriesAspects.join(', ') || 'none'}); delete other aspects with DELETE /openapi/v3/entity/${target.def.name}/<urn>/<aspect>`);
  if (range.startTimeMillis !== undefined && range.endTimeMillis !== undefined && range.startTimeMillis > range.endTimeMillis) {
    throw validationError(`startTimeMillis ${range.startTimeMillis} is after endTimeMillis ${range.endTimeMillis}`);
  }
  const doc = await services.store.get(target.def.name, target.urn.raw);
  const right = rightForDelete(entityResource(target.def.name, target.urn.raw, doc?.aspects));
  await services.access.authorize(actor, right.privilege, right.resource, right.what);
  return services.timeseries.deleteOf(target.urn.raw, { aspect, ...range });
}
