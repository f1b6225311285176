/** Removes owners from entities, under one ownership type or under all; the owners need not exist any more, the entities must. */
import type { Ownership } from '../../model/aspects/ownership.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { applyAssociationEdit } from './apply-association-edit.js';
import { checkResources, type ResourceRef } from './association-resources.js';
import { parseOwnershipTypeUrn, parseUrnsOf } from './association-urns.js';
import { editOwnership, removingOwners } from './owner-lists.js';

export interface RemoveOwnersInput {
  ownerUrns: readonly string[];
  /** Only this ownership type; absent: the owners go under every type they hold. */
  ownershipTypeUrn?: string | null;
  resources: readonly (ResourceRef | null)[];
  actor: string;
  waitForSearch?: boolean;
}

export async function removeOwners(services: CatalogDeps, input: RemoveOwnersInput): Promise<void> {
  const ownerUrns = parseUrnsOf(input.ownerUrns, ['corpuser', 'corpGroup'], 'ownerUrns');
  const typeUrn = input.ownershipTypeUrn != null ? parseOwnershipTypeUrn(input.ownershipTypeUrn, 'ownershipTypeUrn') : undefined;
  const resources = checkResources(input.resources, { aspect: 'ownership', what: 'owners', columns: false });
  const edit = removingOwners(ownerUrns, typeUrn);
  await applyAssociationEdit(services, resources, { aspect: 'ownership', entity: (previous, stamp) => editOwnership(previous as Ownership | undefined, edit, stamp) }, input);
}
