/**
 * Pure edits of an entity's ownership aspect. An owner is kept per (owner URN, ownership type), as the original keys it:
 * the ownership type is the owner's `typeUrn`, or for an owner written with only the legacy `type`, the system type
 * that legacy type stands for (`TECHNICAL_OWNER` → `urn:li:ownershipType:__system__technical_owner`).
 */
import type { Owner, Ownership, OwnershipType } from '../../model/aspects/ownership.js';
import type { EditStamp } from './apply-association-edit.js';

/** Turns the current owners into the wanted ones; returning the same array means nothing changed. */
export type OwnerListEdit = (owners: Owner[]) => Owner[];

/** One owner to add: its legacy type is always written, its ownership type URN when one was given. */
export interface WantedOwner {
  owner: string;
  type: OwnershipType;
  typeUrn?: string;
}

const SYSTEM_TYPE_PREFIX = 'urn:li:ownershipType:__system__';

/** The ownership type an owner is kept under (an owner with neither counts as `__system__none`, as the original's). */
export const ownershipTypeOf = (o: { type?: string; typeUrn?: string }) => o.typeUrn ?? `${SYSTEM_TYPE_PREFIX}${(o.type ?? 'NONE').toLowerCase()}`;

/**
 * Adds owners not yet held under their ownership type. One held under the same type but written differently (another
 * legacy type, no type URN) is replaced in its place; one held exactly so is left as it is, source and all.
 */
export const addingOwners =
  (wanted: readonly WantedOwner[]): OwnerListEdit =>
  (owners) => {
    let next = owners;
    for (const w of wanted) {
      const key = ownershipTypeOf(w);
      const at = next.findIndex((o) => o.owner === w.owner && ownershipTypeOf(o) === key);
      if (at >= 0 && next[at].type === w.type && next[at].typeUrn === w.typeUrn) continue;
      const entry: Owner = { owner: w.owner, type: w.type, ...(w.typeUrn !== undefined && { typeUrn: w.typeUrn }), source: { type: 'MANUAL' } };
      next = at >= 0 ? next.map((o, i) => (i === at ? entry : o)) : [...next, entry];
    }
    return next;
  };

/** Removes the owners under one ownership type, or under every type when none is named. */
export const removingOwners =
  (ownerUrns: readonly string[], typeUrn?: string): OwnerListEdit =>
  (owners) => {
    const kept = owners.filter((o) => !(ownerUrns.includes(o.owner) && (typeUrn === undefined || ownershipTypeOf(o) === typeUrn)));
    return kept.length === owners.length ? owners : kept;
  };

/** The owners by ownership type, as the original derives `ownerTypes` for search (a `.` in a key is written `%2E`). */
export function ownerTypesOf(owners: readonly Owner[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const o of owners) {
    const key = ownershipTypeOf(o).replaceAll('.', '%2E');
    const list = (out[key] ??= []);
    if (!list.includes(o.owner)) list.push(o.owner);
  }
  return out;
}

/** The new ownership value, or undefined when nothing changes; a change restamps `lastModified` and `ownerTypes`. */
export function editOwnership(previous: Ownership | undefined, edit: OwnerListEdit, stamp: EditStamp): Ownership | undefined {
  const before = previous?.owners ?? [];
  const after = edit(before);
  if (after === before) return undefined;
  return { ...(previous ?? {}), owners: after, ownerTypes: ownerTypesOf(after), lastModified: stamp };
}
