/** REST v3 for stored access tokens — create (the token is in the answer, once), list, revoke — and who the caller is. */
import { createAccessToken, listAccessTokens, revokeAccessToken, revokeSignedTokens } from '../catalog/access/access-tokens.js';
import { whoAmI } from '../catalog/access/manage-access.js';
import { validationError } from '../errors.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { boolParam, intParam, stringParam } from '../wire/params.js';
import type { Route } from '../wire/route.js';

export function accessTokenRoutes(services: Services): Route[] {
  const create: Route['handle'] = async (req) => {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('Body must be an object: {actorUrn, duration, name, description?, type?}');
    sendJson(req.res, 201, await createAccessToken(services, req.actor, body as Record<string, never>));
  };
  const list: Route['handle'] = async (req) => {
    const filters = (['ownerUrn', 'actorUrn'] as const).flatMap((field) => {
      const value = stringParam(req, field);
      return value === undefined ? [] : [{ field, values: [value] }];
    });
    const page = await listAccessTokens(services, req.actor, { start: intParam(req, 'start', 0), count: intParam(req, 'count', 20), filters, includeRevoked: boolParam(req, 'includeRevoked', false) });
    sendJson(req.res, 200, page);
  };
  const revoke: Route['handle'] = async (req) => {
    sendJson(req.res, 200, { revoked: await revokeAccessToken(services, req.actor, req.params.id) });
  };
  const revokeSigned: Route['handle'] = async (req) => {
    const body = req.body as { actorUrn?: unknown } | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw validationError('Body must be an object: {actorUrn}');
    sendJson(req.res, 200, await revokeSignedTokens(services, req.actor, body.actorUrn));
  };
  const me: Route['handle'] = async (req) => sendJson(req.res, 200, await whoAmI(services, req.actor));
  return [
    { method: 'GET', path: '/openapi/v3/me', gate: 'self', handle: me },
    { method: 'POST', path: '/openapi/v3/tokens', gate: 'self', handle: create },
    { method: 'GET', path: '/openapi/v3/tokens', gate: 'self', handle: list },
    { method: 'DELETE', path: '/openapi/v3/tokens/:id', gate: 'self', handle: revoke },
    { method: 'POST', path: '/openapi/v3/tokens/signed/revoke', gate: 'self', handle: revokeSigned },
  ];
}
