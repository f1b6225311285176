/** Puts entities in a domain, or takes them out of theirs (no domain URN); an entity already so is left as it is. */
import { dequal } from 'dequal';
import type { Domains } from '../../model/aspects/domains.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { applyAssociationEdit } from './apply-association-edit.js';
import { checkResources, type ResourceRef } from './association-resources.js';
import { parseUrnOf, requireEntitiesExist } from './association-urns.js';

export interface SetDomainInput {
  /** The domain; null or absent takes the entities out of every domain. */
  domainUrn?: string | null;
  resources: readonly (ResourceRef | null)[];
  actor: string;
  waitForSearch?: boolean;
}

/** An entity is in one domain, as the original sets it: the list becomes that domain alone (other fields are kept). */
function editDomains(previous: Domains | undefined, domainUrn: string | undefined): Domains | undefined {
  const wanted = domainUrn === undefined ? [] : [domainUrn];
  if (dequal(previous?.domains ?? [], wanted)) return undefined;
  return { ...(previous ?? {}), domains: wanted };
}

export async function setDomain(services: CatalogDeps, input: SetDomainInput): Promise<void> {
  const domainUrn = input.domainUrn != null ? parseUrnOf(input.domainUrn, ['domain'], 'domainUrn') : undefined;
  const resources = checkResources(input.resources, { aspect: 'domains', what: 'a domain', columns: false });
  if (domainUrn !== undefined) await requireEntitiesExist(services, [domainUrn], 'domain');
  await applyAssociationEdit(services, resources, { aspect: 'domains', entity: (previous) => editDomains(previous as Domains | undefined, domainUrn) }, input);
}
