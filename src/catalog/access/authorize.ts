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

/** Why `actor` may not, or undefined when it may. */
export function refusalOf(actor: string, privilege: Privilege, resource: Resource = {}): string | undefined {
  if (actor === BOOTSTRAP_ADMIN) return undefined;
  if (privilege === 'GENERATE_PERSONAL_ACCESS_TOKENS' && resource.actor === actor) return undefined;
  return `${actor} lacks the privilege ${privilege === 'GENERATE_PERSONAL_ACCESS_TOKENS' ? 'MANAGE_ACCESS_TOKENS (tokens of other actors)' : privilege}`;
}

export function authorize(actor: string, privilege: Privilege, resource: Resource = {}): void {
  const refusal = refusalOf(actor, privilege, resource);
  if (refusal) throw forbidden(refusal, { privilege: privilege === 'GENERATE_PERSONAL_ACCESS_TOKENS' ? 'MANAGE_ACCESS_TOKENS' : privilege });
}
