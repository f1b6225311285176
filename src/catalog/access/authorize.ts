/**
 * The one authorization decision of the operation layer: may `actor` use `privilege` on `resource`? Every interface
 * (REST, GraphQL, the wire, the CLI, the web page) reaches an operation through the same function, so the answer is the
 * same everywhere. Today it knows the bootstrap administrator and the rule that actors manage their own tokens.
 */
import { forbidden } from '../../errors.js';

/** The administrator every installation starts with (the token printed at first start acts as it). */
export const BOOTSTRAP_ADMIN = 'urn:li:corpuser:admin';

export type Privilege = 'MANAGE_ACCESS_TOKENS' | 'GENERATE_PERSONAL_ACCESS_TOKENS';

export interface Resource {
  /** The actor a personal privilege is exercised for (a token's actor or owner). */
  actor?: string;
}

/** The privilege `actor` lacks for this, or undefined when it may (a personal privilege over others is MANAGE_ACCESS_TOKENS). */
function missingPrivilege(actor: string, privilege: Privilege, resource: Resource): Privilege | undefined {
  if (actor === BOOTSTRAP_ADMIN) return undefined;
  if (privilege === 'GENERATE_PERSONAL_ACCESS_TOKENS') return resource.actor === actor ? undefined : 'MANAGE_ACCESS_TOKENS';
  return privilege;
}

const refusalText = (actor: string, asked: Privilege, missing: Privilege) => `${actor} lacks the privilege ${missing}${missing === asked ? '' : ' (tokens of other actors)'}`;

/** Why `actor` may not, or undefined when it may. */
export function refusalOf(actor: string, privilege: Privilege, resource: Resource = {}): string | undefined {
  const missing = missingPrivilege(actor, privilege, resource);
  return missing && refusalText(actor, privilege, missing);
}

export function authorize(actor: string, privilege: Privilege, resource: Resource = {}): void {
  const missing = missingPrivilege(actor, privilege, resource);
  if (missing) throw forbidden(refusalText(actor, privilege, missing), { privilege: missing });
}
