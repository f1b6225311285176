/**
 * `tessera policy | group | role | service-account | access`: who may do what, through the server's REST v3 access
 * routes (every change needs MANAGE_POLICIES there). Policies are files (YAML or JSON) in the server's closed shape.
 */
import type { Policy } from '../../catalog/access/policy-shape.js';
import type { CliContext } from '../cli-context.js';
import { readYamlFile } from '../yaml-file.js';

const enc = encodeURIComponent;
const list = (xs: readonly string[] | undefined) => (xs?.length ? xs.join(',') : '-');

function actorsOf(p: Policy): string {
  const a = p.actors;
  return [a.allUsers && 'all users', ...(a.users ?? []), ...(a.groups ?? []), ...(a.roles ?? []).map((r) => `role ${r}`)].filter(Boolean).join(',') || '-';
}

export async function runPolicyList(ctx: CliContext): Promise<void> {
  const page = await ctx.client().request<{ total: number; policies: Policy[] }>('GET', '/openapi/v3/policies', { query: { count: '1000' } });
  if (ctx.json()) return ctx.printJson(page);
  if (page.policies.length === 0) return ctx.io.err('No policies: roles alone decide (Admin, Editor, Reader; DEFAULT_ROLE for everyone unbound).');
  ctx.io.out(['URN', 'NAME', 'EFFECT', 'STATE', 'PRIVILEGES', 'ACTORS', 'PROPERTIES', 'TAGS'].join('\t'));
  for (const p of page.policies) ctx.io.out([p.urn, p.name, p.effect, p.state, p.privileges.join(','), actorsOf(p), list(p.resources?.propertyUrns), list(p.resources?.tagUrns)].join('\t'));
}

export async function runPolicyWrite(ctx: CliContext, opts: { file: string; urn?: string }): Promise<void> {
  const body = readYamlFile(opts.file);
  const client = ctx.client();
  const policy = opts.urn
    ? await client.request<Policy>('PUT', `/openapi/v3/policies/${enc(opts.urn)}`, { body })
    : await client.request<Policy>('POST', '/openapi/v3/policies', { body });
  if (ctx.json()) return ctx.printJson(policy);
  ctx.io.out(`${opts.urn ? 'Updated' : 'Created'} ${policy.urn} (${policy.name}): every Tessera process applies it within a second.`);
}

export async function runPolicyDelete(ctx: CliContext, opts: { urn: string }): Promise<void> {
  await ctx.client().request('DELETE', `/openapi/v3/policies/${enc(opts.urn)}`);
  if (ctx.json()) return ctx.printJson({ deleted: opts.urn });
  ctx.io.out(`Deleted ${opts.urn}.`);
}

interface Group {
  urn: string;
  name: string;
  members: string[];
}

export async function runGroupList(ctx: CliContext): Promise<void> {
  const { groups } = await ctx.client().request<{ groups: Group[] }>('GET', '/openapi/v3/groups');
  if (ctx.json()) return ctx.printJson(groups);
  if (groups.length === 0) return ctx.io.err('No groups.');
  ctx.io.out(['URN', 'NAME', 'MEMBERS'].join('\t'));
  for (const g of groups) ctx.io.out([g.urn, g.name, list(g.members)].join('\t'));
}

export async function runGroupCreate(ctx: CliContext, opts: { id: string; name?: string; description?: string }): Promise<void> {
  const group = await ctx.client().request<Group>('POST', '/openapi/v3/groups', { body: opts });
  if (ctx.json()) return ctx.printJson(group);
  ctx.io.out(`Created ${group.urn}.`);
}

export async function runGroupMembers(ctx: CliContext, opts: { group: string; user: string[] }, remove: boolean): Promise<void> {
  const client = ctx.client();
  let group: Group | undefined;
  if (remove) for (const u of opts.user) group = await client.request<Group>('DELETE', `/openapi/v3/groups/${enc(opts.group)}/members/${enc(u)}`);
  else group = await client.request<Group>('POST', `/openapi/v3/groups/${enc(opts.group)}/members`, { body: { users: opts.user } });
  if (ctx.json()) return ctx.printJson(group);
  ctx.io.out(`${group!.urn} now has ${group!.members.length} member(s): ${list(group!.members)}`);
}

export async function runGroupDelete(ctx: CliContext, opts: { group: string }): Promise<void> {
  await ctx.client().request('DELETE', `/openapi/v3/groups/${enc(opts.group)}`);
  if (ctx.json()) return ctx.printJson({ deleted: opts.group });
  ctx.io.out(`Deleted ${opts.group} (and its role binding).`);
}

export async function runRoleList(ctx: CliContext): Promise<void> {
  const { roles } = await ctx.client().request<{ roles: { name: string; privileges: string[]; actors: string[] }[] }>('GET', '/openapi/v3/roles');
  if (ctx.json()) return ctx.printJson(roles);
  ctx.io.out(['ROLE', 'ACTORS', 'PRIVILEGES'].join('\t'));
  for (const r of roles) ctx.io.out([r.name, list(r.actors), r.privileges.join(',')].join('\t'));
}

export async function runRoleAssign(ctx: CliContext, opts: { role: string; actor: string[] }): Promise<void> {
  const role = opts.role.toLowerCase() === 'none' ? null : opts.role;
  await ctx.client().request('POST', '/openapi/v3/roles/assignments', { body: { role, actors: opts.actor } });
  if (ctx.json()) return ctx.printJson({ role, actors: opts.actor });
  ctx.io.out(role ? `Bound ${opts.actor.join(', ')} to ${role}.` : `Unbound ${opts.actor.join(', ')}: the default role applies.`);
}

export async function runServiceAccountCreate(ctx: CliContext, opts: { id: string; description?: string }): Promise<void> {
  const account = await ctx.client().request<{ urn: string }>('POST', '/openapi/v3/service-accounts', { body: opts });
  if (ctx.json()) return ctx.printJson(account);
  ctx.io.out(`Created ${account.urn}. Bind it to a role (tessera role assign) and issue its token (tessera token issue --actor ${account.urn}).`);
}

export async function runServiceAccountList(ctx: CliContext): Promise<void> {
  const { serviceAccounts } = await ctx.client().request<{ serviceAccounts: { urn: string; createdBy: string; description?: string }[] }>('GET', '/openapi/v3/service-accounts');
  if (ctx.json()) return ctx.printJson(serviceAccounts);
  if (serviceAccounts.length === 0) return ctx.io.err('No service accounts.');
  ctx.io.out(['URN', 'CREATED BY', 'DESCRIPTION'].join('\t'));
  for (const s of serviceAccounts) ctx.io.out([s.urn, s.createdBy, s.description ?? '-'].join('\t'));
}

export async function runServiceAccountDelete(ctx: CliContext, opts: { urn: string }): Promise<void> {
  const { revokedTokens } = await ctx.client().request<{ revokedTokens: number }>('DELETE', `/openapi/v3/service-accounts/${enc(opts.urn)}`);
  if (ctx.json()) return ctx.printJson({ deleted: opts.urn, revokedTokens });
  ctx.io.out(`Deleted ${opts.urn}; revoked ${revokedTokens} token(s) acting as it.`);
}

export async function runExplain(ctx: CliContext, opts: { privilege: string; actor?: string; resource?: string; property?: string; tag?: string }): Promise<void> {
  const query: Record<string, string> = { privilege: opts.privilege.toUpperCase() };
  if (opts.actor) query.actor = opts.actor;
  if (opts.resource) query.resource = opts.resource;
  if (opts.property) query.propertyUrn = opts.property;
  if (opts.tag) query.tagUrn = opts.tag;
  const d = await ctx.client().request<{ actor: string; allowed: boolean; reason: string; roles: { role: string }[]; groups: string[] }>('GET', '/openapi/v3/authorization/explain', { query });
  if (ctx.json()) return ctx.printJson(d);
  ctx.io.out(`${d.allowed ? 'ALLOWED' : 'REFUSED'}: ${d.reason}`);
  ctx.io.err(`${d.actor}: roles ${list(d.roles.map((r) => r.role))}; groups ${list(d.groups)}`);
}
