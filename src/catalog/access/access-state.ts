/**
 * One snapshot of everything that decides access — policies, groups with their members, role bindings — and the
 * decision itself, pure and in memory: deny rules win, then the actor's roles, then allow rules.
 */
import { SERVICE_ACCOUNT_PREFIX, type Group, type Policy, type RoleBinding, type ServiceAccount } from './policy-shape.js';
import { CATALOG_WIDE_PRIVILEGES, GRANTED_ALSO_BY, ROLE_PRIVILEGES, type Privilege, type Role } from './privileges.js';

/** The administrator every installation starts with (the token printed at first start acts as it); no rule binds it. */
export const BOOTSTRAP_ADMIN = 'urn:li:corpuser:admin';

/** What an action touches. An attribute left out is unknown: an allow rule narrowed on it may apply, a deny rule does not. */
export interface Resource {
  entityType?: string;
  urn?: string;
  /** The platform URN of a dataset (or of a column's dataset). */
  platform?: string;
  /** The tags the entity carries. */
  tags?: readonly string[];
  /** The structured property a value edit or a definition change concerns. */
  propertyUrn?: string;
  /** The tag an association edit or a tag change concerns. */
  tagUrn?: string;
}

export type DecidedBy =
  | { kind: 'bootstrap' }
  | { kind: 'unrestricted' }
  | { kind: 'role'; role: Role; bound: Bound }
  | { kind: 'policy'; urn: string; name: string; effect: 'ALLOW' | 'DENY' }
  | { kind: 'none' };

/** Where an actor's role comes from. */
export type Bound = 'user' | 'group' | 'default' | 'bootstrap';

export interface Decision {
  allowed: boolean;
  privilege: Privilege;
  decidedBy: DecidedBy;
}

export interface AccessDocs {
  policies: Policy[];
  groups: Group[];
  bindings: RoleBinding[];
  serviceAccounts: ServiceAccount[];
  signedTokenCutoffs?: SignedTokenCutoff[];
}

/** An actor's revocation of its signed tokens: those issued (`iat`, seconds) before `before` are refused. */
export interface SignedTokenCutoff {
  actor: string;
  before: number;
  at: number;
  by: string;
}

const matchesPattern = (patterns: readonly string[], value: string) => patterns.some((p) => (p.endsWith('*') ? value.startsWith(p.slice(0, -1)) : p === value));

/** Whether every attribute the rule narrows on matches; `unknown` says what an attribute the resource leaves out counts as. */
function resourceMatches(rule: Policy['resources'], r: Resource, unknown: boolean): boolean {
  if (!rule) return true;
  const one = (list: readonly string[] | undefined, value: string | undefined, match: (l: readonly string[], v: string) => boolean) =>
    !list || (value === undefined ? unknown : match(list, value));
  const some = (list: readonly string[] | undefined, values: readonly string[] | undefined) => !list || (values === undefined ? unknown : values.some((v) => list.includes(v)));
  const includes = (l: readonly string[], v: string) => l.includes(v);
  return (
    one(rule.entityTypes, r.entityType, includes) &&
    one(rule.urns, r.urn, includes) &&
    one(rule.platforms, r.platform, includes) &&
    some(rule.tags, r.tags) &&
    one(rule.propertyUrns, r.propertyUrn, matchesPattern) &&
    one(rule.tagUrns, r.tagUrn, matchesPattern)
  );
}

export class AccessState {
  private readonly groupsByMember = new Map<string, string[]>();
  private readonly roleByActor = new Map<string, Role>();
  private readonly active: Policy[];
  readonly groups: ReadonlyMap<string, Group>;
  readonly serviceAccounts: ReadonlyMap<string, ServiceAccount>;
  private readonly cutoffs: ReadonlyMap<string, number>;

  constructor(
    readonly docs: AccessDocs,
    private readonly defaultRole: Role | undefined,
    /** With authentication off every caller is trusted with everything. */
    private readonly unrestricted = false,
  ) {
    for (const g of docs.groups) for (const m of g.members) (this.groupsByMember.get(m) ?? this.groupsByMember.set(m, []).get(m)!).push(g.urn);
    for (const b of docs.bindings) this.roleByActor.set(b.actor, b.role);
    this.active = docs.policies.filter((p) => p.state === 'ACTIVE');
    this.groups = new Map(docs.groups.map((g) => [g.urn, g]));
    this.serviceAccounts = new Map(docs.serviceAccounts.map((s) => [s.urn, s]));
    this.cutoffs = new Map((docs.signedTokenCutoffs ?? []).map((c) => [c.actor, c.before]));
  }

  /** Tokens signed for the actor with an `iat` (seconds) before this are revoked; undefined when none are. */
  signedTokensBefore(actor: string): number | undefined {
    return this.cutoffs.get(actor);
  }

  groupsOf(actor: string): string[] {
    return this.groupsByMember.get(actor) ?? [];
  }

  /** The actor's roles, each with where it comes from: its own binding, its groups' bindings, else the default role. */
  rolesOf(actor: string): { role: Role; bound: Bound }[] {
    if (actor === BOOTSTRAP_ADMIN) return [{ role: 'Admin', bound: 'bootstrap' }];
    const out: { role: Role; bound: Bound }[] = [];
    const own = this.roleByActor.get(actor);
    if (own) out.push({ role: own, bound: 'user' });
    for (const g of this.groupsOf(actor)) {
      const role = this.roleByActor.get(g);
      if (role && !out.some((o) => o.role === role)) out.push({ role, bound: 'group' });
    }
    if (out.length === 0 && this.defaultRole) out.push({ role: this.defaultRole, bound: 'default' });
    return out;
  }

  private actorMatches(p: Policy, actor: string, roles: readonly Role[], groups: readonly string[]): boolean {
    const a = p.actors;
    return !!a.allUsers || !!a.users?.includes(actor) || !!a.groups?.some((g) => groups.includes(g)) || !!a.roles?.some((r) => roles.includes(r));
  }

  decide(actor: string, privilege: Privilege, resource: Resource = {}): Decision {
    if (this.unrestricted) return { allowed: true, privilege, decidedBy: { kind: 'unrestricted' } };
    if (actor === BOOTSTRAP_ADMIN) return { allowed: true, privilege, decidedBy: { kind: 'bootstrap' } };
    // A service account that does not exist (any more) has no rights, not even the default role's.
    if (actor.startsWith(SERVICE_ACCOUNT_PREFIX) && !this.serviceAccounts.has(actor)) return { allowed: false, privilege, decidedBy: { kind: 'none' } };
    const roles = this.rolesOf(actor);
    const roleNames = roles.map((r) => r.role);
    const groups = this.groupsOf(actor);
    const applies = (p: Policy, unknown: boolean) => p.privileges.includes(privilege) && this.actorMatches(p, actor, roleNames, groups) && resourceMatches(p.resources, resource, unknown);
    const policy = (p: Policy): DecidedBy => ({ kind: 'policy', urn: p.urn, name: p.name, effect: p.effect });
    // A deny rule applies only where the resource matches what it narrows on — except for a privilege decided for the
    // whole catalog, where a narrowed deny (refused since, but perhaps stored before) applies everywhere: it fails closed.
    const deny = this.active.find((p) => p.effect === 'DENY' && applies(p, CATALOG_WIDE_PRIVILEGES.has(privilege)));
    if (deny) return { allowed: false, privilege, decidedBy: policy(deny) };
    const role = roles.find((r) => ROLE_PRIVILEGES[r.role].has(privilege));
    if (role) return { allowed: true, privilege, decidedBy: { kind: 'role', ...role } };
    const allow = this.active.find((p) => p.effect === 'ALLOW' && applies(p, true));
    if (allow) return { allowed: true, privilege, decidedBy: policy(allow) };
    const wider = GRANTED_ALSO_BY[privilege];
    if (wider) {
      const granted = this.decide(actor, wider, resource);
      if (granted.allowed) return { ...granted, privilege };
    }
    return { allowed: false, privilege, decidedBy: { kind: 'none' } };
  }
}

const BOUND_TEXT: Record<Bound, string> = {
  user: 'bound to the actor',
  group: 'bound to a group of the actor',
  default: 'the default role, DEFAULT_ROLE',
  bootstrap: 'the bootstrap administrator',
};

/** One line saying who decided, for refusals and the explain answer. */
export function describeDecision(d: Decision): string {
  const by = d.decidedBy;
  switch (by.kind) {
    case 'bootstrap':
      return 'the bootstrap administrator may do everything';
    case 'unrestricted':
      return 'authentication is off (AUTH_MODE=none): every caller may do everything';
    case 'role':
      return `role ${by.role} (${BOUND_TEXT[by.bound]}) grants ${d.privilege}`;
    case 'policy':
      return `policy '${by.name}' (${by.urn}) ${by.effect === 'DENY' ? 'denies' : 'allows'} ${d.privilege}`;
    case 'none':
      return `no role or policy grants ${d.privilege}`;
  }
}
