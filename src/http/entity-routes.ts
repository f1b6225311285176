/** The generic entity/aspect REST routes, shared by v2 and v3 through their dialects. */
import { Router, type Request, type Response } from 'express';
import { batchUpsert } from '../catalog/batch-upsert.js';
import { deleteAspects, deleteEntity } from '../catalog/delete-entity.js';
import { resolveAspect, resolveTarget } from '../catalog/entity-target.js';
import { patchAspect } from '../catalog/patch-aspect.js';
import { entityIsLive, readAspect } from '../catalog/read-entity.js';
import { upsertAspect } from '../catalog/upsert-aspect.js';
import type { Services } from '../services.js';
import type { Dialect } from './dialect.js';
import { sendJson } from '../wire/json.js';
import { entityReads, entityTypeOf, targetOf, withSystemMetadata, type ReadRequest } from './entity-reads.js';
import { boolParam, listParam, waitForSearch } from '../wire/params.js';

const actorOf = (res: Response): string => res.locals.actor;

const readRequest = (req: Request, res: Response): ReadRequest => ({
  params: req.params as Record<string, string>,
  query: req.query,
  headers: req.headers,
  setHeader: (name, value) => void res.setHeader(name, value),
});

export function createEntityRouter(services: Services, dialect: Dialect): Router {
  const r = Router();
  // HEAD routes come before their GET twins: Express would otherwise answer HEAD with the GET handler.
  const reads = entityReads(services, dialect);
  const target = (req: Request) => targetOf({ params: req.params as Record<string, string> });
  const sm = withSystemMetadata;

  r.get('/:entity', async (req, res) => sendJson(res, 200, await reads.list(readRequest(req, res))));

  r.post('/:entity', async (req, res) => {
    const def = entityTypeOf(String(req.params.entity));
    const items = dialect.readBatch(req.body);
    const written = await batchUpsert(services, def.name, items, actorOf(res), waitForSearch(req));
    sendJson(res, boolParam(req, 'async', true) ? 202 : 200, written.map((e) => dialect.presentWrite(e, sm(req))));
  });

  if (dialect.readBatchPatch) {
    const readBatchPatch = dialect.readBatchPatch;
    r.patch('/:entity', async (req, res) => {
      const def = entityTypeOf(String(req.params.entity));
      const items = readBatchPatch(req.body).map((i) => {
        const t = resolveTarget(def.name, i.urn);
        return { target: t, aspect: resolveAspect(t.def, i.aspect), patch: i.patch, systemMetadata: i.systemMetadata };
      });
      const views = [];
      for (const i of items) {
        const view = await patchAspect(services, { ...i, actor: actorOf(res), waitForSearch: waitForSearch(req) });
        views.push(dialect.presentWrite({ urn: i.target.urn.raw, entityType: def.name, aspects: { [i.aspect]: view } }, sm(req)));
      }
      if (boolParam(req, 'async', true)) res.status(202).end();
      else sendJson(res, 200, views);
    });
  }

  r.head('/:entity/:urn', async (req, res) => {
    const t = target(req);
    res.status((await entityIsLive(services, t)) ? 204 : 404).end();
  });

  r.get('/:entity/:urn', async (req, res) => sendJson(res, 200, await reads.entity(readRequest(req, res))));

  r.delete('/:entity/:urn', async (req, res) => {
    const t = target(req);
    const aspects = listParam(req, 'aspects').map((a) => resolveAspect(t.def, a));
    if (aspects.length > 0) await deleteAspects(services, t, aspects, actorOf(res), { waitForSearch: waitForSearch(req) });
    else await deleteEntity(services, t, actorOf(res), { waitForSearch: waitForSearch(req) });
    res.status(200).end();
  });

  r.head('/:entity/:urn/:aspect', async (req, res) => {
    const t = target(req);
    const view = await readAspect(services, t, resolveAspect(t.def, String(req.params.aspect)));
    res.status(view ? 204 : 404).end();
  });

  r.get('/:entity/:urn/:aspect', async (req, res) => sendJson(res, 200, await reads.aspect(readRequest(req, res))));

  r.post('/:entity/:urn/:aspect', async (req, res) => {
    const t = target(req);
    const aspect = resolveAspect(t.def, String(req.params.aspect));
    const { value } = dialect.readAspectBody(req.body);
    const create = boolParam(req, 'createIfNotExists', dialect.createIfNotExistsDefault);
    const view = await upsertAspect(services, { target: t, aspect, value, mode: create ? 'create' : 'upsert', actor: actorOf(res), waitForSearch: waitForSearch(req) });
    sendJson(res, 200, dialect.presentWrite({ urn: t.urn.raw, entityType: t.def.name, aspects: { [aspect]: view } }, sm(req)));
  });

  r.patch('/:entity/:urn/:aspect', async (req, res) => {
    const t = target(req);
    const aspect = resolveAspect(t.def, String(req.params.aspect));
    const view = await patchAspect(services, { target: t, aspect, patch: req.body, actor: actorOf(res), waitForSearch: waitForSearch(req) });
    sendJson(res, 200, dialect.presentWrite({ urn: t.urn.raw, entityType: t.def.name, aspects: { [aspect]: view } }, sm(req)));
  });

  r.delete('/:entity/:urn/:aspect', async (req, res) => {
    const t = target(req);
    await deleteAspects(services, t, [resolveAspect(t.def, String(req.params.aspect))], actorOf(res), { waitForSearch: waitForSearch(req) });
    res.status(200).end();
  });

  return r;
}
