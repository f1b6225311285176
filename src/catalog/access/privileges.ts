/**
 * Privileges and the built-in roles. A privilege names one kind of action; a role is a fixed set of privileges on every
 * resource. Policies (policy-shape.ts) grant or deny privileges on narrower resources.
 */

export const PRIVILEGES = [
  'VIEW_METADATA',
  'EDIT_ENTITY_TAGS',
  'EDIT_DATASET_COL_TAGS',
  'EDIT_ENTITY_PROPERTIES',
  'EDIT_ENTITY_DOCS',
  'EDIT_LINEAGE',
  'EDIT_ENTITY',
  'DELETE_ENTITY',
  'MANAGE_TAGS',
  'MANAGE_STRUCTURED_PROPERTIES',
  'GENERATE_PERSONAL_ACCESS_TOKENS',
  'MANAGE_ACCESS_TOKENS',
  'MANAGE_POLICIES',
  'GET_PLATFORM_EVENTS',
  'MANAGE_WEBHOOKS',
] as const;

export type Privilege = (typeof PRIVILEGES)[number];

/** What each privilege allows, for the explain answer, the docs and the web page. */
export const PRIVILEGE_TEXT: Readonly<Record<Privilege, string>> = {
  VIEW_METADATA: 'read and search every entity, definition and tag',
  EDIT_ENTITY_TAGS: 'add and remove tags on entities',
  EDIT_DATASET_COL_TAGS: "add and remove tags on a dataset's columns",
  EDIT_ENTITY_PROPERTIES: 'set and remove structured property values',
  EDIT_ENTITY_DOCS: 'edit descriptions and documentation',
  EDIT_LINEAGE: 'add and remove lineage edges (upstreamLineage, job inputs and outputs, chart and dashboard inputs); EDIT_ENTITY grants it too',
  EDIT_ENTITY: 'write any other aspect (ingestion: properties, schema, keys)',
  DELETE_ENTITY: 'soft delete, restore and hard delete entities',
  MANAGE_TAGS: 'create, change and delete tags themselves',
  MANAGE_STRUCTURED_PROPERTIES: 'create, change and delete structured property definitions',
  GENERATE_PERSONAL_ACCESS_TOKENS: 'issue, list and revoke tokens acting as oneself',
  MANAGE_ACCESS_TOKENS: "issue tokens for service accounts, list and revoke everyone's tokens",
  MANAGE_POLICIES: 'change policies, groups, role bindings and service accounts',
  GET_PLATFORM_EVENTS: 'poll the change event stream and keep named consumer offsets',
  MANAGE_WEBHOOKS: 'subscribe webhooks to change events, see their deliveries and replay them',
};

/**
 * Privileges decided for the whole catalog, never per resource: reading and searching (a reader sees every entity,
 * in every count and facet), tokens, policies, the event stream and webhooks. A policy cannot narrow them to resources
 * — it would not be enforced where it matters (search, GraphQL, the wire, the poll), so it is refused.
 */
export const CATALOG_WIDE_PRIVILEGES: ReadonlySet<Privilege> = new Set(['VIEW_METADATA', 'GENERATE_PERSONAL_ACCESS_TOKENS', 'MANAGE_ACCESS_TOKENS', 'MANAGE_POLICIES', 'GET_PLATFORM_EVENTS', 'MANAGE_WEBHOOKS']);

/** Privileges that change metadata (a caller holding none of them may not send a write at all). */
export const WRITE_PRIVILEGES: readonly Privilege[] = PRIVILEGES.filter((p) => p !== 'VIEW_METADATA' && p !== 'GENERATE_PERSONAL_ACCESS_TOKENS' && p !== 'GET_PLATFORM_EVENTS');

export const ROLES = ['Admin', 'Editor', 'Reader'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_PRIVILEGES: Readonly<Record<Role, ReadonlySet<Privilege>>> = {
  Admin: new Set(PRIVILEGES),
  Editor: new Set(['VIEW_METADATA', 'EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_TAGS', 'EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_DOCS', 'EDIT_LINEAGE', 'GENERATE_PERSONAL_ACCESS_TOKENS']),
  Reader: new Set(['VIEW_METADATA', 'GENERATE_PERSONAL_ACCESS_TOKENS']),
};

/** The original's role URNs (`urn:li:dataHubRole:Editor`) and bare names both name a role. */
export const ROLE_URN_PREFIX = 'urn:li:dataHubRole:';
export function roleOf(name: string): Role | undefined {
  const bare = name.startsWith(ROLE_URN_PREFIX) ? name.slice(ROLE_URN_PREFIX.length) : name;
  return ROLES.find((r) => r.toLowerCase() === bare.toLowerCase());
}

/**
 * A privilege another one grants as well: EDIT_ENTITY (any aspect) covers the lineage aspects it covered before
 * EDIT_LINEAGE existed, so a loader's rights do not shrink. A deny of the privilege itself still refuses.
 */
export const GRANTED_ALSO_BY: Readonly<Partial<Record<Privilege, Privilege>>> = { EDIT_LINEAGE: 'EDIT_ENTITY' };
