/**
 * The closed JSON shape of a policy, a group and a service account, validated by zod — data, never an expression
 * language. Patterns are literal URNs or prefixes ending in `*`; bare names are accepted and turned into URNs.
 */
import { z } from 'zod';
import { CATALOG_WIDE_PRIVILEGES, PRIVILEGES, roleOf, type Privilege, type Role } from './privileges.js';

export const POLICY_URN_PREFIX = 'urn:li:dataHubPolicy:';
export const GROUP_URN_PREFIX = 'urn:li:corpGroup:';
export const USER_URN_PREFIX = 'urn:li:corpuser:';

const MAX_LIST = 1000;
const text = (max: number) => z.string().trim().min(1).max(max);
const urnList = (prefix: string, what: string) =>
  z
    .array(z.string().min(1).max(500))
    .max(MAX_LIST)
    .transform((xs, ctx) =>
      xs.map((x) => {
        const urn = x.startsWith('urn:') ? x : `${prefix}${x}`;
        if (!urn.startsWith(prefix) || urn.length === prefix.length) ctx.addIssue({ code: 'custom', message: `'${x}' is not a ${what} (${prefix}<id>)` });
        return urn;
      }),
    );
/** Literal URNs or prefix patterns (`io.acme.privacy.*`); a `*` may only end a pattern. */
const patternList = (prefix: string, what: string) =>
  urnList(prefix, what).superRefine((xs, ctx) => {
    for (const x of xs) if (x.indexOf('*') !== -1 && x.indexOf('*') !== x.length - 1) ctx.addIssue({ code: 'custom', message: `'${x}': a ${what} pattern may only end with '*'` });
  });

export const RoleSchema = z.string().transform((s, ctx): Role => {
  const role = roleOf(s);
  if (!role) ctx.addIssue({ code: 'custom', message: `Unknown role '${s}' (Admin, Editor or Reader)` });
  return role!;
});

export const PrivilegeSchema = z.enum(PRIVILEGES, { error: (i) => `Unknown privilege '${String(i.input)}' (one of ${PRIVILEGES.join(', ')})` });

export const ActorsSchema = z.strictObject({
  users: urnList(USER_URN_PREFIX, 'user').optional(),
  groups: urnList(GROUP_URN_PREFIX, 'group').optional(),
  roles: z.array(RoleSchema).max(3).optional(),
  allUsers: z.boolean().optional(),
});

export const ResourcesSchema = z.strictObject({
  entityTypes: z.array(text(100)).max(MAX_LIST).optional(),
  urns: z.array(text(500)).max(MAX_LIST).optional(),
  platforms: urnList('urn:li:dataPlatform:', 'platform').optional(),
  /** The entity carries one of these tags. */
  tags: urnList('urn:li:tag:', 'tag').optional(),
  /** Which structured properties the privilege covers (value edits and definitions). */
  propertyUrns: patternList('urn:li:structuredProperty:', 'structured property').optional(),
  /** Which tags the privilege covers (adding or removing them, or managing them as entities). */
  tagUrns: patternList('urn:li:tag:', 'tag').optional(),
});

const narrows = (r: z.output<typeof ResourcesSchema> | undefined) => !!r && Object.values(r).some((v) => Array.isArray(v) && v.length > 0);

export const PolicyInputSchema = z
  .strictObject({
  name: text(200),
  description: z.string().max(2000).optional(),
  /** The original's policy type; kept and shown, not used to decide. */
  type: z.enum(['PLATFORM', 'METADATA']).optional(),
  state: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  effect: z.enum(['ALLOW', 'DENY']).optional(),
  privileges: z.array(PrivilegeSchema).min(1).max(PRIVILEGES.length),
  actors: ActorsSchema,
  resources: ResourcesSchema.optional(),
})
  .superRefine((p, ctx) => {
    // Never accept a rule that is not enforced: these privileges are decided for the whole catalog.
    const wide = p.privileges.filter((x) => CATALOG_WIDE_PRIVILEGES.has(x));
    if (wide.length > 0 && narrows(p.resources)) {
      ctx.addIssue({
        code: 'custom',
        path: ['resources'],
        message: `${wide.join(', ')} ${wide.length === 1 ? 'is' : 'are'} decided for the whole catalog, not per resource (a reader sees every entity, in every search, count and facet): a policy cannot narrow ${wide.length === 1 ? 'it' : 'them'} to resources; put ${wide.length === 1 ? 'it' : 'them'} in a policy without resources`,
      });
    }
  });
export type PolicyInput = z.output<typeof PolicyInputSchema>;

export interface Policy extends PolicyInput {
  id: string;
  urn: string;
  state: 'ACTIVE' | 'INACTIVE';
  effect: 'ALLOW' | 'DENY';
  privileges: Privilege[];
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  updatedBy: string;
}

export const GroupInputSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.@-]{1,100}$/, 'a group id is 1–100 letters, digits, _ . @ or -'),
  name: text(200).optional(),
  description: z.string().max(2000).optional(),
});

export const MembersInputSchema = z.strictObject({ users: urnList(USER_URN_PREFIX, 'user').pipe(z.array(z.string()).min(1)) });

export interface Group {
  urn: string;
  name: string;
  description?: string;
  members: string[];
  createdAt: number;
  createdBy: string;
}

export const SERVICE_ACCOUNT_PREFIX = 'urn:li:corpuser:service.';
export const ServiceAccountInputSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'a service account id is 1–63 lower-case letters, digits, _ or -'),
  description: z.string().max(2000).optional(),
});

export interface ServiceAccount {
  urn: string;
  description?: string;
  createdAt: number;
  createdBy: string;
}

export interface RoleBinding {
  actor: string;
  role: Role;
  updatedAt: number;
  updatedBy: string;
}

export const RoleAssignmentSchema = z.strictObject({
  role: RoleSchema.nullable(),
  actors: z.array(z.string().regex(/^urn:li:(corpuser|corpGroup):\S+$/, 'an actor is urn:li:corpuser:<id> or urn:li:corpGroup:<id>')).min(1).max(MAX_LIST),
});
