/** GraphQL adapters of access control: `me`, policies, groups, roles, service accounts, explain, and entity `privileges`. */
import { entityResource } from '../../../catalog/access/change-rights.js';
import {
  assignRole, changeMembers, createGroup, createPolicy, createServiceAccount, deleteGroup, deletePolicy, deleteServiceAccount, explainAccess, listGroups,
  listPolicies, listRoles, listServiceAccounts, updatePolicy, whoAmI,
} from '../../../catalog/access/manage-access.js';
import type { Policy } from '../../../catalog/access/policy-shape.js';
import type { Privilege } from '../../../catalog/access/privileges.js';
import type { GraphqlContext } from '../../context.js';
import type { EntityRef } from '../../entity-loader.js';

type Args<T> = (_: unknown, args: T, ctx: GraphqlContext) => unknown;
const shown = (p: Policy) => ({ ...p, description: p.description ?? null, resources: p.resources ?? null, type: p.type ?? null });

/** What the caller may do on one entity: decided in memory from the tags the request already read with the hit. */
async function entityPrivileges(ref: EntityRef, ctx: GraphqlContext) {
  const globalTags = await ctx.loader.aspect(ref.urn, 'globalTags');
  const resource = entityResource(ref.entityType, ref.urn, globalTags ? { globalTags: { value: globalTags } } : undefined);
  const state = await ctx.services.access.state();
  const may = (privilege: Privilege, extra = {}) => state.decide(ctx.actor, privilege, { ...resource, ...extra }).allowed;
  if (ref.entityType === 'tag') {
    const manage = may('MANAGE_TAGS', { tagUrn: ref.urn });
    return { canEditTags: manage, canEditProperties: manage, canEditDescription: manage, canDelete: manage };
  }
  if (ref.entityType === 'structuredProperty') {
    const manage = may('MANAGE_STRUCTURED_PROPERTIES', { propertyUrn: ref.urn });
    return { canEditTags: manage, canEditProperties: manage, canEditDescription: manage, canDelete: manage };
  }
  return { canEditTags: may('EDIT_ENTITY_TAGS'), canEditProperties: may('EDIT_ENTITY_PROPERTIES'), canEditDescription: may('EDIT_ENTITY_DOCS'), canDelete: may('DELETE_ENTITY') };
}

const me: Args<object> = async (_a, _b, ctx) => {
  const who = await whoAmI(ctx.services, ctx.actor);
  const has = (p: Privilege) => who.privileges.some((h) => h.privilege === p);
  return {
    corpUser: { urn: ctx.actor, entityType: 'corpuser' },
    roles: who.roles,
    groups: who.groups,
    platformPrivileges: {
      viewMetadata: has('VIEW_METADATA'),
      managePolicies: has('MANAGE_POLICIES'),
      manageIdentities: has('MANAGE_POLICIES'),
      generatePersonalAccessTokens: has('GENERATE_PERSONAL_ACCESS_TOKENS'),
      manageTokens: has('MANAGE_ACCESS_TOKENS'),
      manageTags: has('MANAGE_TAGS'),
      manageStructuredProperties: has('MANAGE_STRUCTURED_PROPERTIES'),
      privileges: who.privileges,
    },
  };
};

const explain: Args<{ privilege: string; actor?: string; resourceUrn?: string; propertyUrn?: string; tagUrn?: string }> = async (_a, args, ctx) => {
  const d = await explainAccess(ctx.services, ctx.actor, {
    actor: args.actor ?? undefined,
    privilege: args.privilege,
    resourceUrn: args.resourceUrn ?? undefined,
    propertyUrn: args.propertyUrn ?? undefined,
    tagUrn: args.tagUrn ?? undefined,
  });
  return { ...d, roles: d.roles.map((r) => r.role), policyUrn: d.decidedBy.kind === 'policy' ? d.decidedBy.urn : null };
};

const privileges = (ref: EntityRef, _a: unknown, ctx: GraphqlContext) => entityPrivileges(ref, ctx);

export const accessControlResolvers = {
  Query: {
    me,
    listPolicies: (async (_a, { input }, ctx) => {
      const page = await listPolicies(ctx.services, ctx.actor, input);
      return { ...page, policies: page.policies.map(shown) };
    }) as Args<{ input: { start?: number; count?: number; query?: string } }>,
    listGroups: ((_a, _b, ctx) => listGroups(ctx.services, ctx.actor)) as Args<object>,
    listRoles: ((_a, _b, ctx) => listRoles(ctx.services, ctx.actor)) as Args<object>,
    listServiceAccounts: ((_a, _b, ctx) => listServiceAccounts(ctx.services, ctx.actor)) as Args<object>,
    explainAccess: explain,
  },
  Mutation: {
    createPolicy: (async (_a, { input }, ctx) => (await createPolicy(ctx.services, ctx.actor, dropNulls(input))).urn) as Args<{ input: object }>,
    updatePolicy: (async (_a, { urn, input }, ctx) => (await updatePolicy(ctx.services, ctx.actor, urn, dropNulls(input))).urn) as Args<{ urn: string; input: object }>,
    deletePolicy: ((_a, { urn }, ctx) => deletePolicy(ctx.services, ctx.actor, urn)) as Args<{ urn: string }>,
    createGroup: (async (_a, { input }, ctx) => (await createGroup(ctx.services, ctx.actor, dropNulls({ ...input, id: input.id ?? input.name }))).urn) as Args<{ input: { id?: string; name: string } }>,
    removeGroup: ((_a, { urn }, ctx) => deleteGroup(ctx.services, ctx.actor, urn)) as Args<{ urn: string }>,
    addGroupMembers: (async (_a, { input }, ctx) => !!(await changeMembers(ctx.services, ctx.actor, input.groupUrn, { users: input.userUrns }))) as Args<{ input: { groupUrn: string; userUrns: string[] } }>,
    removeGroupMembers: (async (_a, { input }, ctx) => !!(await changeMembers(ctx.services, ctx.actor, input.groupUrn, { users: input.userUrns }, true))) as Args<{ input: { groupUrn: string; userUrns: string[] } }>,
    batchAssignRole: ((_a, { input }, ctx) => assignRole(ctx.services, ctx.actor, { role: input.roleUrn ?? null, actors: input.actors })) as Args<{ input: { roleUrn?: string | null; actors: string[] } }>,
    createServiceAccount: ((_a, { input }, ctx) => createServiceAccount(ctx.services, ctx.actor, dropNulls(input))) as Args<{ input: object }>,
    deleteServiceAccount: (async (_a, { urn }, ctx) => !!(await deleteServiceAccount(ctx.services, ctx.actor, urn))) as Args<{ urn: string }>,
  },
  Dataset: { privileges },
  Tag: { privileges },
  StructuredPropertyEntity: { privileges },
};

/** GraphQL sends null for an input field left out; the policy shape knows only absent ones. */
function dropNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropNulls) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, dropNulls(v)])) as T;
}
