/** Adds users or groups as owners of entities; an owner already held under the same ownership type is left as it is. */
import { validationError } from '../../errors.js';
import { OwnershipTypeSchema, type Ownership } from '../../model/aspects/ownership.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { applyAssociationEdit } from './apply-association-edit.js';
import { checkResources, type ResourceRef } from './association-resources.js';
import { parseOwnershipTypeUrn, parseUrnOf, requireEntitiesExist } from './association-urns.js';
import { addingOwners, editOwnership, type WantedOwner } from './owner-lists.js';

/** One owner as callers name it (the original's OwnerInput). */
export interface OwnerRef {
  ownerUrn: string;
  /** CORP_USER or CORP_GROUP: must agree with the URN. */
  ownerEntityType: string;
  /** The deprecated legacy type; CUSTOM when only an ownership type URN is given, as the original writes it. */
  type?: string | null;
  ownershipTypeUrn?: string | null;
}

export interface AddOwnersInput {
  owners: readonly OwnerRef[];
  /** The ownership type of every owner that names none of its own. */
  ownershipTypeUrn?: string | null;
  resources: readonly (ResourceRef | null)[];
  actor: string;
  waitForSearch?: boolean;
}

const ENTITY_OF_OWNER_TYPE: ReadonlyMap<string, string> = new Map([
  ['CORP_USER', 'corpuser'],
  ['CORP_GROUP', 'corpGroup'],
]);

function wantedOwner(ref: OwnerRef, i: number, defaultTypeUrn: string | undefined): WantedOwner {
  const at = `owners[${i}]`;
  const owner = parseUrnOf(ref.ownerUrn, ['corpuser', 'corpGroup'], `${at}.ownerUrn`);
  const entity = ENTITY_OF_OWNER_TYPE.get(ref.ownerEntityType);
  if (!entity) throw validationError(`${at}.ownerEntityType must be CORP_USER or CORP_GROUP, got ${JSON.stringify(ref.ownerEntityType ?? null)}`);
  if (!owner.startsWith(`urn:li:${entity}:`)) throw validationError(`${at}: ownerEntityType ${ref.ownerEntityType} needs an urn:li:${entity}: urn, got ${owner}`);
  const typeUrn = ref.ownershipTypeUrn != null ? parseOwnershipTypeUrn(ref.ownershipTypeUrn, `${at}.ownershipTypeUrn`) : defaultTypeUrn;
  const type = ref.type == null ? undefined : OwnershipTypeSchema.safeParse(ref.type);
  if (type && !type.success) throw validationError(`${at}.type must be one of ${OwnershipTypeSchema.options.join(', ')}, got ${JSON.stringify(ref.type)}`);
  if (!type && typeUrn === undefined) throw validationError(`${at}: give its ownershipTypeUrn (e.g. urn:li:ownershipType:__system__technical_owner) or the deprecated type`);
  return { owner, type: type?.data ?? 'CUSTOM', ...(typeUrn !== undefined && { typeUrn }) };
}

export async function addOwners(services: CatalogDeps, input: AddOwnersInput): Promise<void> {
  if (input.owners.length === 0) throw validationError('owners must name at least one owner');
  const defaultTypeUrn = input.ownershipTypeUrn != null ? parseOwnershipTypeUrn(input.ownershipTypeUrn, 'ownershipTypeUrn') : undefined;
  const wanted = input.owners.map((o, i) => wantedOwner(o, i, defaultTypeUrn));
  const resources = checkResources(input.resources, { aspect: 'ownership', what: 'owners', columns: false });
  await requireEntitiesExist(services, [...new Set(wanted.map((w) => w.owner))], 'owner');
  await applyAssociationEdit(services, resources, { aspect: 'ownership', entity: (previous, stamp) => editOwnership(previous as Ownership | undefined, addingOwners(wanted), stamp) }, input);
}
