/** Access control for administrators: roles, groups and members, policies, service accounts (REST v3). */
import { rest } from './rest';

export interface Role {
  name: string;
  privileges: string[];
  actors: string[];
}
export interface Group {
  urn: string;
  name: string;
  members: string[];
}
export interface Policy {
  urn: string;
  name: string;
  effect: 'ALLOW' | 'DENY';
  state: 'ACTIVE' | 'INACTIVE';
  privileges: string[];
  actors: { users?: string[]; groups?: string[]; roles?: string[]; allUsers?: boolean };
  resources?: Record<string, string[] | undefined>;
}
export interface ServiceAccount {
  urn: string;
  description?: string;
}

const enc = encodeURIComponent;
export const listRoles = () => rest<{ roles: Role[] }>('GET', '/openapi/v3/roles').then((r) => r.roles);
export const assignRole = (role: string | null, actors: string[]) => rest('POST', '/openapi/v3/roles/assignments', { role, actors });
export const listGroups = () => rest<{ groups: Group[] }>('GET', '/openapi/v3/groups').then((r) => r.groups);
export const createGroup = (id: string, name?: string) => rest('POST', '/openapi/v3/groups', { id, ...(name && { name }) });
export const deleteGroup = (urn: string) => rest('DELETE', `/openapi/v3/groups/${enc(urn)}`);
export const addMember = (group: string, user: string) => rest('POST', `/openapi/v3/groups/${enc(group)}/members`, { users: [user] });
export const removeMember = (group: string, user: string) => rest('DELETE', `/openapi/v3/groups/${enc(group)}/members/${enc(user)}`);
export const listPolicies = () => rest<{ policies: Policy[] }>('GET', '/openapi/v3/policies?count=1000').then((r) => r.policies);
export const createPolicy = (policy: unknown) => rest<Policy>('POST', '/openapi/v3/policies', policy);
export const deletePolicy = (urn: string) => rest('DELETE', `/openapi/v3/policies/${enc(urn)}`);
export const listServiceAccounts = () => rest<{ serviceAccounts: ServiceAccount[] }>('GET', '/openapi/v3/service-accounts').then((r) => r.serviceAccounts);
export const createServiceAccount = (id: string, description?: string) => rest('POST', '/openapi/v3/service-accounts', { id, ...(description && { description }) });
