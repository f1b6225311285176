/** `GET /entitiesV2/<urn>[?aspects=List(a,b)]`: an entity's aspects as versioned aspects; a missing entity answers only its key aspect. */
import { notFound, validationError } from '../errors.js';
import { findAspectName } from '../model/entity-types.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { stringParam } from '../wire/params.js';
import { clientTarget, readClientEntity } from './read-client-entity.js';
import type { Route } from '../wire/route.js';

/** `List(a,b)` (Rest.li's list syntax) or `a,b` → names; undefined when the parameter is absent. */
export function parseRestliList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const m = /^List\((.*)\)$/.exec(raw);
  const inner = m ? m[1] : raw;
  const names = inner.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw validationError(`aspects must name at least one aspect, got ${raw}`);
  return names;
}

export function entitiesV2Routes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const target = clientTarget(req.params.urn);
    if (!target) throw notFound(`No entity ${req.params.urn}`);
    const requested = parseRestliList(stringParam(req, 'aspects'));
    // Unknown names select nothing, as absent aspects do.
    const names = requested?.map((a) => findAspectName(target.def, a)).filter((a): a is string => !!a);
    const entity = await readClientEntity(services, target, names, true);
    const aspects: Record<string, unknown> = {};
    for (const [name, view] of Object.entries(entity.aspects)) {
      const sm = view.systemMetadata;
      aspects[name] = {
        name,
        type: 'VERSIONED',
        version: 0,
        value: view.value,
        ...(sm ? { created: sm.aspectCreated, systemMetadata: sm } : {}),
      };
    }
    sendJson(req.res, 200, { urn: target.urn.raw, entityName: target.def.name, aspects });
  };
  return [{ method: 'GET', path: '/entitiesV2/:urn', handle }];
}
