/** `GET /aspects/<urn>?aspect=<name>&version=0`: one aspect keyed by its record name; anything absent or unknown is a plain 404. */
import { notFound } from '../errors.js';
import { findAspectName } from '../model/entity-types.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { stringParam } from '../wire/params.js';
import { clientTarget, readClientEntity } from './read-client-entity.js';
import { recordNameOf } from './record-names.js';
import type { Route } from '../wire/route.js';

export function aspectsRoutes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const raw = req.params.urn;
    const requested = stringParam(req, 'aspect') ?? '';
    const version = stringParam(req, 'version') ?? '0';
    const target = clientTarget(raw);
    const aspect = target && findAspectName(target.def, requested);
    const record = aspect && recordNameOf(aspect);
    // Only the latest version is kept, so any other version is as absent as an unknown aspect.
    if (!target || !aspect || !record || version !== '0') throw notFound(`No aspect ${requested} (version ${version}) for ${raw}`);
    const entity = await readClientEntity(services, target, [aspect]);
    const view = entity.aspects[aspect];
    if (!view) throw notFound(`No aspect ${aspect} for ${target.urn.raw}`);
    sendJson(req.res, 200, { urn: target.urn.raw, version: 0, aspect: { [record]: view.value } });
  };
  return [{ method: 'GET', path: '/aspects/:urn', handle }];
}
