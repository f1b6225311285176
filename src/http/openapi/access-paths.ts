/** The access control paths of the API document: policies, groups, roles, service accounts, explain. */
import { pathParameter } from './parameters.js';
import { errorResponses } from './responses.js';

const object = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const body = (description: string) => ({ required: true, description, content: { 'application/json': { schema: { type: 'object' } } } });
const tags = ['Access control'];
const query = (name: string, description: string, required = false) => ({ name, in: 'query', required, description, schema: { type: 'string' } });
const POLICY =
  '{name, description?, state?: ACTIVE|INACTIVE, effect?: ALLOW|DENY, privileges: [...], actors: {users?, groups?, roles?, allUsers?}, resources?: {entityTypes?, urns?, platforms?, tags?, propertyUrns?, tagUrns?}}';

export function accessPaths(): Record<string, object> {
  const refusals = errorResponses('VALIDATION', 'FORBIDDEN');
  return {
    '/openapi/v3/policies': {
      get: { tags, operationId: 'listPolicies', summary: 'Policies, oldest first (MANAGE_POLICIES)', parameters: [query('start', 'First row'), query('count', 'Rows (at most 1000)'), query('query', 'Words in the name or description')], responses: { '200': object('{start, count, total, policies}'), ...refusals } },
      post: { tags, operationId: 'createPolicy', summary: 'Create a policy (MANAGE_POLICIES); applies in every process within a second', requestBody: body(POLICY), responses: { '201': object('The policy with its urn'), ...refusals } },
    },
    '/openapi/v3/policies/{urn}': {
      get: { tags, operationId: 'getPolicy', summary: 'One policy', parameters: [pathParameter('urn', 'urn:li:dataHubPolicy:<id>')], responses: { '200': object('The policy'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
      put: { tags, operationId: 'updatePolicy', summary: "Replace a policy's content", parameters: [pathParameter('urn', 'urn:li:dataHubPolicy:<id>')], requestBody: body(POLICY), responses: { '200': object('The policy'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
      delete: { tags, operationId: 'deletePolicy', summary: 'Delete a policy', parameters: [pathParameter('urn', 'urn:li:dataHubPolicy:<id>')], responses: { '200': object('{deleted: urn}'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    '/openapi/v3/groups': {
      get: { tags, operationId: 'listGroups', summary: 'Groups with their members (MANAGE_POLICIES)', responses: { '200': object('{groups}'), ...refusals } },
      post: { tags, operationId: 'createGroup', summary: 'Create a group', requestBody: body('{id, name?, description?}'), responses: { '201': object('The group'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'CONFLICT') } },
    },
    '/openapi/v3/groups/{urn}': {
      delete: { tags, operationId: 'deleteGroup', summary: 'Delete a group and its role binding', parameters: [pathParameter('urn', 'urn:li:corpGroup:<id>')], responses: { '200': object('{deleted: true}'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    '/openapi/v3/groups/{urn}/members': {
      post: { tags, operationId: 'addGroupMembers', summary: 'Add members', parameters: [pathParameter('urn', 'urn:li:corpGroup:<id>')], requestBody: body('{users: [urn:li:corpuser:<id>]}'), responses: { '200': object('The group'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    '/openapi/v3/groups/{urn}/members/{user}': {
      delete: { tags, operationId: 'removeGroupMember', summary: 'Remove one member', parameters: [pathParameter('urn', 'urn:li:corpGroup:<id>'), pathParameter('user', 'urn:li:corpuser:<id>')], responses: { '200': object('The group'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    '/openapi/v3/roles': {
      get: { tags, operationId: 'listRoles', summary: 'The built-in roles Admin, Editor, Reader: privileges and bound actors', responses: { '200': object('{roles}'), ...refusals } },
    },
    '/openapi/v3/roles/assignments': {
      post: { tags, operationId: 'assignRole', summary: 'Bind users, groups or service accounts to a role (role: null unbinds)', requestBody: body('{role: Admin|Editor|Reader|null, actors: [urn]}'), responses: { '200': object('{assigned: true}'), ...refusals } },
    },
    '/openapi/v3/service-accounts': {
      get: { tags, operationId: 'listServiceAccounts', summary: 'Service accounts', responses: { '200': object('{serviceAccounts}'), ...refusals } },
      post: { tags, operationId: 'createServiceAccount', summary: 'Create a service account (urn:li:corpuser:service.<id>); its tokens outlive the person who made them', requestBody: body('{id, description?}'), responses: { '201': object('The account'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'CONFLICT') } },
    },
    '/openapi/v3/service-accounts/{urn}': {
      delete: { tags, operationId: 'deleteServiceAccount', summary: 'Delete a service account and revoke its tokens', parameters: [pathParameter('urn', 'urn:li:corpuser:service.<id>')], responses: { '200': object('{revokedTokens}'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    '/openapi/v3/authorization/explain': {
      get: {
        tags, operationId: 'explainAuthorization', summary: 'Whether an actor may use a privilege on a resource, and the rule that decides (your own; anyone\'s with MANAGE_POLICIES)',
        parameters: [query('privilege', 'The privilege', true), query('actor', 'The actor (default: you)'), query('resource', 'An entity urn'), query('propertyUrn', 'A structured property the action concerns'), query('tagUrn', 'A tag the action concerns')],
        responses: { '200': object('{actor, privilege, resource, allowed, decidedBy, reason, roles, groups}'), ...refusals },
      },
    },
  };
}
