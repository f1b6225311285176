/**
 * REST v3 for access control: policies, groups and their members, role bindings, service accounts, and the explain
 * answer (which rule decides). Each route is one call of the operations in catalog/access/manage-access.ts.
 */
import {
  assignRole, changeMembers, createGroup, createPolicy, createServiceAccount, deleteGroup, deletePolicy, deleteServiceAccount, explainAccess, getPolicy,
  listGroups, listPolicies, listRoles, listServiceAccounts, updatePolicy,
} from '../catalog/access/manage-access.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { intParam, stringParam } from '../wire/params.js';
import type { Call, Route } from '../wire/route.js';

export function accessRoutes(services: Services): Route[] {
  const json = (status: number, fn: (call: Call) => Promise<unknown>): Route['handle'] => async (call) => sendJson(call.res, status, await fn(call));
  const base = '/openapi/v3';
  return [
    { method: 'GET', path: `${base}/policies`, handle: json(200, (c) => listPolicies(services, c.actor, { start: intParam(c, 'start', 0), count: intParam(c, 'count', 20), query: stringParam(c, 'query') })) },
    { method: 'POST', path: `${base}/policies`, handle: json(201, (c) => createPolicy(services, c.actor, c.body)) },
    { method: 'GET', path: `${base}/policies/:urn`, handle: json(200, (c) => getPolicy(services, c.actor, c.params.urn)) },
    { method: 'PUT', path: `${base}/policies/:urn`, handle: json(200, (c) => updatePolicy(services, c.actor, c.params.urn, c.body)) },
    { method: 'DELETE', path: `${base}/policies/:urn`, handle: json(200, async (c) => ({ deleted: await deletePolicy(services, c.actor, c.params.urn) })) },
    { method: 'GET', path: `${base}/groups`, handle: json(200, async (c) => ({ groups: await listGroups(services, c.actor) })) },
    { method: 'POST', path: `${base}/groups`, handle: json(201, (c) => createGroup(services, c.actor, c.body)) },
    { method: 'DELETE', path: `${base}/groups/:urn`, handle: json(200, async (c) => ({ deleted: await deleteGroup(services, c.actor, c.params.urn) })) },
    { method: 'POST', path: `${base}/groups/:urn/members`, handle: json(200, (c) => changeMembers(services, c.actor, c.params.urn, c.body)) },
    { method: 'DELETE', path: `${base}/groups/:urn/members/:user`, handle: json(200, (c) => changeMembers(services, c.actor, c.params.urn, { users: [c.params.user] }, true)) },
    { method: 'GET', path: `${base}/roles`, handle: json(200, async (c) => ({ roles: await listRoles(services, c.actor) })) },
    { method: 'POST', path: `${base}/roles/assignments`, handle: json(200, async (c) => ({ assigned: await assignRole(services, c.actor, c.body) })) },
    { method: 'GET', path: `${base}/service-accounts`, handle: json(200, async (c) => ({ serviceAccounts: await listServiceAccounts(services, c.actor) })) },
    { method: 'POST', path: `${base}/service-accounts`, handle: json(201, (c) => createServiceAccount(services, c.actor, c.body)) },
    { method: 'DELETE', path: `${base}/service-accounts/:urn`, handle: json(200, (c) => deleteServiceAccount(services, c.actor, c.params.urn)) },
    {
      method: 'GET',
      path: `${base}/authorization/explain`,
      gate: 'self',
      handle: json(200, (c) =>
        explainAccess(services, c.actor, {
          actor: stringParam(c, 'actor'),
          privilege: stringParam(c, 'privilege'),
          resourceUrn: stringParam(c, 'resource'),
          propertyUrn: stringParam(c, 'propertyUrn'),
          tagUrn: stringParam(c, 'tagUrn'),
        }),
      ),
    },
  ];
}
