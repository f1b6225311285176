/** The generic entity/aspect REST routes of one version (`/openapi/v2|v3/entity/…`), shared by v2 and v3 through their dialects. */
import { batchUpsert } from '../catalog/batch-upsert.js';
import { deleteAspects, deleteEntity } from '../catalog/delete-entity.js';
import { resolveAspect } from '../catalog/entity-target.js';
import { patchAspect } from '../catalog/patch-aspect.js';
import { entityIsLive, readAspect, readEntities } from '../catalog/read-entity.js';
import { checkBatchSize } from '../catalog/batch-limit.js';
import { validationError } from '../errors.js';
import { resolveTarget } from '../catalog/entity-target.js';
import { upsertAspect } from '../catalog/upsert-aspect.js';
import type { Services } from '../services.js';
import type { Dialect } from './dialect.js';
import { v3Dialect } from './v3/dialect.js';
import { sendJson } from '../wire/json.js';
import { entityReads, entityTypeOf, targetOf, withSystemMetadata, type ReadRequest } from './entity-reads.js';
import { boolParam, listParam, waitForSearch } from '../wire/params.js';
import type { Call, Route } from '../wire/route.js';

const readRequest = (call: Call): ReadRequest => ({
  params: call.params,
  query: call.query,
  headers: call.headers,
  setHeader: (name, value) => void call.res.setHeader(name, value),
});

const status = (call: Call, code: number) => {
  call.res.statusCode = code;
  call.res.end();
};

/**
 * `POST /openapi/v3/entity/{entity}/batchGet` with `[{urn, <aspect>: {}, …}]`: several entities of one type at once,
 * each with the aspects it names (all when it names none); entities that do not exist are left out. A read.
 */
function batchGetRoute(services: Services, base: string): Route {
  return {
    method: 'POST',
    path: `${base}/:entity/batchGet`,
    gate: 'read',
    mayChange: () => false,
    handle: async (call) => {
      const def = entityTypeOf(call.params.entity);
      if (!Array.isArray(call.body)) throw validationError('batchGet takes a JSON array of {urn, <aspect name>: {}} objects');
      checkBatchSize(services, call.body.length);
      const asked = call.body.map((item: unknown, i: number) => {
        if (!item || typeof item !== 'object' || Array.isArray(item)) throw validationError(`batchGet item [${i}] must be an object with a urn`);
        const { urn, ...aspects } = item as Record<string, unknown>;
        const t = resolveTarget(def.name, urn);
        return { urn: t.urn.raw, aspects: Object.keys(aspects).map((a) => resolveAspect(def, a)) };
      });
      await services.access.authorize(call.actor, 'VIEW_METADATA', {}, `reading ${def.name} entities`);
      const entities = await readEntities(services, def.name, asked);
      sendJson(call.res, 200, entities.map((e) => v3Dialect.presentEntity(e, withSystemMetadata(call))));
    },
  };
}

export function entityRoutes(services: Services, dialect: Dialect): Route[] {
  const base = `/openapi/${dialect.name}/entity`;
  const reads = entityReads(services, dialect);
  const sm = withSystemMetadata;
  const aspectOf = (call: Call) => {
    const t = targetOf(call);
    return { t, aspect: resolveAspect(t.def, call.params.aspect) };
  };
  const presentOne = (call: Call, t: ReturnType<typeof targetOf>, aspect: string, view: Parameters<Dialect['presentAspect']>[2]) =>
    sendJson(call.res, 200, dialect.presentWrite({ urn: t.urn.raw, entityType: t.def.name, aspects: { [aspect]: view } }, sm(call)));

  const routes: Route[] = [
    ...(dialect.name === 'v3' ? [batchGetRoute(services, base)] : []),
    { method: 'GET', path: `${base}/:entity`, handle: async (call) => sendJson(call.res, 200, await reads.list(readRequest(call))) },
    {
      method: 'POST',
      path: `${base}/:entity`,
      handle: async (call) => {
        const def = entityTypeOf(call.params.entity);
        const items = dialect.readBatch(call.body);
        const written = await batchUpsert(services, def.name, items, call.actor, waitForSearch(call));
        sendJson(call.res, boolParam(call, 'async', true) ? 202 : 200, written.map((e) => dialect.presentWrite(e, sm(call))));
      },
    },
    // HEAD routes come before their GET twins, which would otherwise answer HEAD.
    { method: 'HEAD', path: `${base}/:entity/:urn`, handle: async (call) => status(call, (await entityIsLive(services, targetOf(call))) ? 204 : 404) },
    { method: 'GET', path: `${base}/:entity/:urn`, handle: async (call) => sendJson(call.res, 200, await reads.entity(readRequest(call))) },
    {
      method: 'DELETE',
      path: `${base}/:entity/:urn`,
      handle: async (call) => {
        const t = targetOf(call);
        const aspects = listParam(call, 'aspects').map((a) => resolveAspect(t.def, a));
        if (aspects.length > 0) await deleteAspects(services, t, aspects, call.actor, { waitForSearch: waitForSearch(call) });
        else await deleteEntity(services, t, call.actor, { waitForSearch: waitForSearch(call) });
        status(call, 200);
      },
    },
    {
      method: 'HEAD',
      path: `${base}/:entity/:urn/:aspect`,
      handle: async (call) => {
        const { t, aspect } = aspectOf(call);
        status(call, (await readAspect(services, t, aspect)) ? 204 : 404);
      },
    },
    { method: 'GET', path: `${base}/:entity/:urn/:aspect`, handle: async (call) => sendJson(call.res, 200, await reads.aspect(readRequest(call))) },
    {
      method: 'POST',
      path: `${base}/:entity/:urn/:aspect`,
      handle: async (call) => {
        const { t, aspect } = aspectOf(call);
        const { value } = dialect.readAspectBody(call.body);
        const create = boolParam(call, 'createIfNotExists', dialect.createIfNotExistsDefault);
        const view = await upsertAspect(services, { target: t, aspect, value, mode: create ? 'create' : 'upsert', actor: call.actor, waitForSearch: waitForSearch(call) });
        presentOne(call, t, aspect, view);
      },
    },
    {
      method: 'PATCH',
      path: `${base}/:entity/:urn/:aspect`,
      handle: async (call) => {
        const { t, aspect } = aspectOf(call);
        const view = await patchAspect(services, { target: t, aspect, patch: call.body, actor: call.actor, waitForSearch: waitForSearch(call) });
        presentOne(call, t, aspect, view);
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:entity/:urn/:aspect`,
      handle: async (call) => {
        const { t, aspect } = aspectOf(call);
        await deleteAspects(services, t, [aspect], call.actor, { waitForSearch: waitForSearch(call) });
        status(call, 200);
      },
    },
  ];
  const readBatchPatch = dialect.readBatchPatch;
  if (readBatchPatch) {
    routes.splice(2, 0, {
      method: 'PATCH',
      path: `${base}/:entity`,
      handle: async (call) => {
        const def = entityTypeOf(call.params.entity);
        const items = readBatchPatch(call.body).map((i) => ({ urn: i.urn, aspects: [{ aspect: i.aspect, value: i.patch, patch: true, systemMetadata: i.systemMetadata, precondition: i.precondition }] }));
        const written = await batchUpsert(services, def.name, items, call.actor, waitForSearch(call));
        const views = written.map((e) => dialect.presentWrite(e, sm(call)));
        if (boolParam(call, 'async', true)) status(call, 202);
        else sendJson(call.res, 200, views);
      },
    });
  }
  return routes;
}
