/**
 * The read-modify-write tag helper of the specification: read `globalTags`, skip when the tag is there, else add it.
 * The add is a keyed JSON patch applied inside the server's conditional write, so concurrent helpers never lose each other's tags.
 */
import type { GlobalTags } from '../model/aspects/global-tags.js';
import type { Emitter } from './emitter.js';
import { TesseraValidationError } from './sdk-errors.js';

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function checkTagUrn(tagUrn: string): void {
  if (!/^urn:li:tag:.+/.test(tagUrn)) throw new TesseraValidationError(`Expected a tag urn (urn:li:tag:<id>), got ${tagUrn}`);
}

const tagPatch = (op: 'add' | 'remove', tagUrn: string) => ({
  patch: [{ op, path: `/tags/${escapePointer(tagUrn)}`, ...(op === 'add' ? { value: { tag: tagUrn } } : {}) }],
  arrayPrimaryKeys: { tags: ['tag'] },
});

/** Adds `tagUrn` to the entity's tags unless present; answers what happened. The entity must exist. */
export async function addTag(emitter: Emitter, entityUrn: string, tagUrn: string): Promise<'added' | 'present'> {
  checkTagUrn(tagUrn);
  const current = await emitter.client.getAspect<GlobalTags>(entityUrn, 'globalTags');
  if (current?.tags.some((t) => t.tag === tagUrn)) return 'present';
  await emitter.patchAspect(entityUrn, 'globalTags', tagPatch('add', tagUrn));
  return 'added';
}

/** Removes `tagUrn` from the entity's tags when present; answers what happened. */
export async function removeTag(emitter: Emitter, entityUrn: string, tagUrn: string): Promise<'removed' | 'absent'> {
  checkTagUrn(tagUrn);
  const current = await emitter.client.getAspect<GlobalTags>(entityUrn, 'globalTags');
  if (!current?.tags.some((t) => t.tag === tagUrn)) return 'absent';
  await emitter.patchAspect(entityUrn, 'globalTags', tagPatch('remove', tagUrn));
  return 'removed';
}
