/**
 * The REST read routes of one dialect — a list or query page, one entity, one aspect — as functions of the request's
 * parameters (entity-routes.ts serves them).
 */
import { resolveAspect, resolveTarget } from '../catalog/entity-target.js';
import { listEntities } from '../catalog/list-entities.js';
import { readAspect, readEntity } from '../catalog/read-entity.js';
import { notFound, validationError } from '../errors.js';
import { findEntityType } from '../model/entity-types.js';
import type { Services } from '../services.js';
import type { Dialect } from './dialect.js';
import { boolParam, enumParam, intParam, listParam, stringParam, type ParamSource } from '../wire/params.js';

export interface ReadRequest extends ParamSource {
  params: Record<string, string>;
  /** Sets a response header (the 404 of a missing entity names its reason). */
  setHeader(name: string, value: string): void;
}

export function entityTypeOf(name: string) {
  const def = findEntityType(name);
  if (!def) throw validationError(`Failed to find entity with name ${name} in EntityRegistry`);
  return def;
}

export const targetOf = (req: { params: Record<string, string> }) => resolveTarget(entityTypeOf(req.params.entity).name, req.params.urn);
export const withSystemMetadata = (req: ParamSource) => boolParam(req, 'systemMetadata', false);

export interface EntityReads {
  list(req: ReadRequest): Promise<unknown>;
  entity(req: ReadRequest): Promise<unknown>;
  aspect(req: ReadRequest): Promise<unknown>;
}

export function entityReads(services: Services, dialect: Dialect): EntityReads {
  return {
    async list(req) {
      const def = entityTypeOf(req.params.entity);
      const result = await listEntities(services, {
        entityType: def,
        count: intParam(req, 'count', 10),
        scrollId: stringParam(req, 'scrollId'),
        sort: listParam(req, 'sortCriteria', 'sort'),
        sortOrder: enumParam(req, 'sortOrder', ['ASCENDING', 'DESCENDING'] as const),
        query: stringParam(req, 'query'),
        includeSoftDelete: boolParam(req, 'includeSoftDelete', false),
        aspects: listParam(req, 'aspects', 'aspectNames').map((a) => resolveAspect(def, a)),
      });
      return dialect.presentList(result, withSystemMetadata(req));
    },
    async entity(req) {
      const t = targetOf(req);
      const aspects = listParam(req, 'aspects', 'aspectNames').map((a) => resolveAspect(t.def, a));
      const entity = await readEntity(services, t, aspects);
      if (!entity) {
        req.setHeader('Not-Found-Reason', 'ENTITY');
        throw notFound(`Entity ${t.urn.raw} does not exist`);
      }
      return dialect.presentEntity(entity, withSystemMetadata(req));
    },
    async aspect(req) {
      const t = targetOf(req);
      const aspect = resolveAspect(t.def, req.params.aspect);
      const view = await readAspect(services, t, aspect);
      if (!view) throw notFound(`Aspect ${aspect} of ${t.urn.raw} does not exist`);
      return dialect.presentAspect(t.urn.raw, aspect, view, withSystemMetadata(req));
    },
  };
}
