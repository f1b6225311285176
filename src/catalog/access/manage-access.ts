/**
 * Managing who may do what — policies, groups and their members, role bindings, service accounts — one implementation
 * behind REST v3, GraphQL and the CLI. Every change needs MANAGE_POLICIES (so nobody grants itself anything without
 * it) and applies in every process within a second (access-control.ts).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { conflict, notFound, validationError } from '../../errors.js';
import type { AccessStore } from '../../storage/access-store.js';
import { MAX_ACCESS_DOCS } from '../../storage/access-store.js';
import type { TokenStore } from '../../storage/token-store.js';
import type { EntityStore } from '../../storage/entity-store.js';
import { parseUrn } from '../../model/urn.js';
import { entityResource } from './change-rights.js';
import { formatZodIssues } from '../write-aspects.js';
import type { AccessControl } from './access-control.js';
import { describeDecision, type Resource } from './access-state.js';
import {
  GROUP_URN_PREFIX, GroupInputSchema, MembersInputSchema, POLICY_URN_PREFIX, PolicyInputSchema, RoleAssignmentSchema, SERVICE_ACCOUNT_PREFIX, ServiceAccountInputSchema,
  type Group, type Policy, type RoleBinding, type ServiceAccount,
} from './policy-shape.js';
import { PRIVILEGES, PRIVILEGE_TEXT, ROLE_PRIVILEGES, ROLE_URN_PREFIX, ROLES, type Privilege } from './privileges.js';

export interface ManageAccessDeps {
  store: EntityStore;
  accessStore: AccessStore;
  access: AccessControl;
  tokenStore: TokenStore;
}

function parse<S extends z.ZodType>(schema: S, what: string, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(`Invalid ${what}: ${formatZodIssues(what, r.error)}`);
  return r.data;
}

const manage = (deps: ManageAccessDeps, caller: string, what: string) => deps.access.authorize(caller, 'MANAGE_POLICIES', {}, what);

async function roomForOneMore(deps: ManageAccessDeps): Promise<void> {
  if ((await deps.accessStore.count()) >= MAX_ACCESS_DOCS) throw validationError(`At most ${MAX_ACCESS_DOCS} policies, groups, role bindings and service accounts together`);
}

/** After a change: this process decides on it at once, the others within a second. */
async function changed<T>(deps: ManageAccessDeps, result: T): Promise<T> {
  deps.access.invalidate();
  return result;
}

const policyId = (urn: unknown) => {
  if (typeof urn !== 'string' || !urn.startsWith(POLICY_URN_PREFIX) || urn.length === POLICY_URN_PREFIX.length) {
    throw validationError(`A policy is named by its urn (${POLICY_URN_PREFIX}<id>), got ${JSON.stringify(urn ?? null)}`);
  }
  return urn.slice(POLICY_URN_PREFIX.length);
};

// ---- policies ----

export async function listPolicies(deps: ManageAccessDeps, caller: string, input: { start?: number | null; count?: number | null; query?: string | null } = {}) {
  await manage(deps, caller, 'listing policies');
  const start = input.start ?? 0;
  const count = input.count ?? 20;
  if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 0 || count > 1000) throw validationError('start must be 0 or more, count from 0 to 1000');
  const q = input.query?.trim().toLowerCase();
  const all = ((await deps.accessStore.all()).policies as Policy[])
    .filter((p) => !q || q === '*' || p.name.toLowerCase().includes(q) || p.description?.toLowerCase().includes(q))
    .sort((a, b) => a.createdAt - b.createdAt || a.urn.localeCompare(b.urn));
  const policies = all.slice(start, start + count);
  return { start, count: policies.length, total: all.length, policies };
}

export async function getPolicy(deps: ManageAccessDeps, caller: string, urn: unknown): Promise<Policy> {
  await manage(deps, caller, 'reading policies');
  const policy = await deps.accessStore.get<Policy>('policy', policyId(urn));
  if (!policy) throw notFound(`No policy ${urn}`);
  return policy;
}

function policyOf(input: ReturnType<typeof PolicyInputSchema.parse>, id: string, caller: string, now: number, created?: Policy): Policy {
  return {
    ...input,
    id,
    urn: `${POLICY_URN_PREFIX}${id}`,
    state: input.state ?? 'ACTIVE',
    effect: input.effect ?? 'ALLOW',
    createdAt: created?.createdAt ?? now,
    createdBy: created?.createdBy ?? caller,
    updatedAt: now,
    updatedBy: caller,
  };
}

export async function createPolicy(deps: ManageAccessDeps, caller: string, input: unknown): Promise<Policy> {
  await manage(deps, caller, 'creating a policy');
  const parsed = parse(PolicyInputSchema, 'policy', input);
  await roomForOneMore(deps);
  const id = randomUUID();
  const policy = policyOf(parsed, id, caller, Date.now());
  await deps.accessStore.put('policy', id, policy, { create: true });
  return changed(deps, policy);
}

/** Replaces a policy's whole content (name, rules, state); its urn and creation stay. */
export async function updatePolicy(deps: ManageAccessDeps, caller: string, urn: unknown, input: unknown): Promise<Policy> {
  await manage(deps, caller, 'changing a policy');
  const id = policyId(urn);
  const parsed = parse(PolicyInputSchema, 'policy', input);
  const next = await deps.accessStore.mutate<Policy>('policy', id, (old) => policyOf(parsed, id, caller, Date.now(), old));
  if (!next) throw notFound(`No policy ${urn}`);
  return changed(deps, next);
}

export async function deletePolicy(deps: ManageAccessDeps, caller: string, urn: unknown): Promise<string> {
  await manage(deps, caller, 'deleting a policy');
  const id = policyId(urn);
  if (!(await deps.accessStore.delete('policy', id))) throw notFound(`No policy ${urn}`);
  return changed(deps, `${POLICY_URN_PREFIX}${id}`);
}

// ---- groups ----

const groupKey = (urn: unknown) => {
  if (typeof urn !== 'string' || !/^urn:li:corpGroup:[A-Za-z0-9_.@-]{1,100}$/.test(urn)) throw validationError(`A group is named by its urn (${GROUP_URN_PREFIX}<id>), got ${JSON.stringify(urn ?? null)}`);
  return urn;
};

/** Every document of one kind, by urn, for a caller who may manage access. */
async function listed<T extends { urn: string }>(deps: ManageAccessDeps, caller: string, key: 'groups' | 'serviceAccounts', what: string): Promise<T[]> {
  await manage(deps, caller, `listing ${what}`);
  return ((await deps.accessStore.all())[key] as T[]).sort((a, b) => a.urn.localeCompare(b.urn));
}

/** Stores a new group or service account; one that exists already is a conflict. */
async function createOnce<T extends { urn: string }>(deps: ManageAccessDeps, kind: 'group' | 'serviceAccount', doc: T, what: string): Promise<T> {
  await roomForOneMore(deps);
  if (!(await deps.accessStore.put(kind, doc.urn, doc, { create: true }))) throw conflict(`${what} ${doc.urn} already exists`);
  return changed(deps, doc);
}

export const listGroups = (deps: ManageAccessDeps, caller: string) => listed<Group>(deps, caller, 'groups', 'groups');

export async function createGroup(deps: ManageAccessDeps, caller: string, input: unknown): Promise<Group> {
  await manage(deps, caller, 'creating a group');
  const g = parse(GroupInputSchema, 'group', input);
  const urn = `${GROUP_URN_PREFIX}${g.id}`;
  return createOnce<Group>(deps, 'group', { urn, name: g.name ?? g.id, ...(g.description !== undefined && { description: g.description }), members: [], createdAt: Date.now(), createdBy: caller }, 'Group');
}

export async function deleteGroup(deps: ManageAccessDeps, caller: string, urn: unknown): Promise<boolean> {
  await manage(deps, caller, 'deleting a group');
  const key = groupKey(urn);
  if (!(await deps.accessStore.delete('group', key))) throw notFound(`No group ${key}`);
  await deps.accessStore.delete('roleBinding', key);
  return changed(deps, true);
}

/** Adds (or removes) members; concurrent changes of one group never lose each other. */
export async function changeMembers(deps: ManageAccessDeps, caller: string, urn: unknown, input: unknown, remove = false): Promise<Group> {
  await manage(deps, caller, 'changing group members');
  const key = groupKey(urn);
  const { users } = parse(MembersInputSchema, 'members', input);
  const next = await deps.accessStore.mutate<Group>('group', key, (g) => {
    const members = new Set(g.members);
    for (const u of users) remove ? members.delete(u) : members.add(u);
    if (members.size > MAX_ACCESS_DOCS) throw validationError(`A group has at most ${MAX_ACCESS_DOCS} members`);
    return { ...g, members: [...members].sort() };
  });
  if (!next) throw notFound(`No group ${key}`);
  return changed(deps, next);
}

// ---- roles ----

export async function listRoles(deps: ManageAccessDeps, caller: string) {
  await manage(deps, caller, 'listing role bindings');
  const bindings = (await deps.accessStore.all()).bindings as RoleBinding[];
  return ROLES.map((role) => ({
    name: role,
    urn: `${ROLE_URN_PREFIX}${role}`,
    privileges: [...ROLE_PRIVILEGES[role]],
    actors: bindings.filter((b) => b.role === role).map((b) => b.actor).sort(),
  }));
}

/** Binds each actor (user, group or service account) to the role; `role: null` removes their bindings. */
export async function assignRole(deps: ManageAccessDeps, caller: string, input: unknown): Promise<boolean> {
  await manage(deps, caller, 'assigning roles');
  const { role, actors } = parse(RoleAssignmentSchema, 'role assignment', input);
  const now = Date.now();
  for (const actor of actors) {
    if (role === null) await deps.accessStore.delete('roleBinding', actor);
    else await deps.accessStore.put('roleBinding', actor, { actor, role, updatedAt: now, updatedBy: caller } satisfies RoleBinding);
  }
  return changed(deps, true);
}

// ---- service accounts ----

export const listServiceAccounts = (deps: ManageAccessDeps, caller: string) => listed<ServiceAccount>(deps, caller, 'serviceAccounts', 'service accounts');

export async function createServiceAccount(deps: ManageAccessDeps, caller: string, input: unknown): Promise<ServiceAccount> {
  await manage(deps, caller, 'creating a service account');
  const s = parse(ServiceAccountInputSchema, 'service account', input);
  const urn = `${SERVICE_ACCOUNT_PREFIX}${s.id}`;
  return createOnce<ServiceAccount>(deps, 'serviceAccount', { urn, ...(s.description !== undefined && { description: s.description }), createdAt: Date.now(), createdBy: caller }, 'Service account');
}

/** Deletes the account, its role binding, and revokes every token acting as it. */
export async function deleteServiceAccount(deps: ManageAccessDeps, caller: string, urn: unknown): Promise<{ revokedTokens: number }> {
  await manage(deps, caller, 'deleting a service account');
  if (typeof urn !== 'string' || !urn.startsWith(SERVICE_ACCOUNT_PREFIX)) throw validationError(`A service account is named by its urn (${SERVICE_ACCOUNT_PREFIX}<id>), got ${JSON.stringify(urn ?? null)}`);
  if (!(await deps.accessStore.delete('serviceAccount', urn))) throw notFound(`No service account ${urn}`);
  await deps.accessStore.delete('roleBinding', urn);
  let revokedTokens = 0;
  for (;;) {
    const page = await deps.tokenStore.list({ actorUrn: urn, start: 0, count: 100 });
    if (page.tokens.length === 0) break;
    const now = Date.now();
    for (const t of page.tokens) await deps.tokenStore.revoke(t.id, { revokedAt: now, revokedBy: caller });
    revokedTokens += page.tokens.length;
  }
  return changed(deps, { revokedTokens });
}

// ---- what an actor may do ----

export interface ExplainInput {
  actor?: string;
  privilege?: string;
  /** An entity: its type, platform and carried tags come from the stored document. */
  resourceUrn?: string;
  propertyUrn?: string;
  tagUrn?: string;
}

/** The resource an explain question is about, as the write path would see it. */
async function explainedResource(deps: ManageAccessDeps, input: ExplainInput): Promise<Resource> {
  let resource: Resource = {};
  if (input.resourceUrn !== undefined) {
    const type = parseUrn(input.resourceUrn).entityType;
    const doc = await deps.store.get(type, input.resourceUrn).catch(() => null);
    resource = entityResource(type, input.resourceUrn, doc?.aspects);
  }
  return { ...resource, ...(input.propertyUrn !== undefined && { propertyUrn: input.propertyUrn }), ...(input.tagUrn !== undefined && { tagUrn: input.tagUrn }) };
}

/** Which rule decides whether `actor` may use `privilege` on a resource: one's own always, anyone's with MANAGE_POLICIES. */
export async function explainAccess(deps: ManageAccessDeps, caller: string, input: ExplainInput) {
  const actor = input.actor ?? caller;
  if (actor !== caller) await manage(deps, caller, `explaining the access of ${actor}`);
  if (!PRIVILEGES.includes(input.privilege as Privilege)) throw validationError(`privilege must be one of ${PRIVILEGES.join(', ')}, got ${JSON.stringify(input.privilege ?? null)}`);
  const resource = await explainedResource(deps, input);
  const state = await deps.access.state();
  const decision = state.decide(actor, input.privilege as Privilege, resource);
  return {
    actor,
    privilege: decision.privilege,
    resource,
    allowed: decision.allowed,
    decidedBy: decision.decidedBy,
    reason: describeDecision(decision),
    roles: state.rolesOf(actor),
    groups: state.groupsOf(actor),
  };
}

/** Every privilege the actor holds somewhere (through a role, or a policy on some resource). */
export async function platformPrivileges(deps: ManageAccessDeps, actor: string): Promise<{ privilege: Privilege; description: string; everywhere: boolean }[]> {
  const state = await deps.access.state();
  return PRIVILEGES.flatMap((privilege) => {
    const d = state.decide(actor, privilege);
    if (!d.allowed) return [];
    const everywhere = d.decidedBy.kind !== 'policy' || !state.docs.policies.find((p) => p.urn === (d.decidedBy as { urn: string }).urn)?.resources;
    return [{ privilege, description: PRIVILEGE_TEXT[privilege], everywhere }];
  });
}

/** Who the caller is to access control: its roles, groups and the privileges it holds (REST `/me`, GraphQL `me`). */
export async function whoAmI(deps: ManageAccessDeps, actor: string) {
  const state = await deps.access.state();
  return { actor, roles: state.rolesOf(actor).map((r) => r.role), groups: state.groupsOf(actor), privileges: await platformPrivileges(deps, actor) };
}
