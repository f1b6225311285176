/** Creates a tag with its tagProperties; an existing id is a conflict, never an overwrite. */
import { randomUUID } from 'node:crypto';
import { AlreadyExistsError, conflict, validationError } from '../../errors.js';
import type { TagProperties } from '../../model/aspects/tag-properties.js';
import { tagUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { writeAspects } from '../write-aspects.js';
import { TAG_CLEANUP_JOB } from './tag-cleanup-job.js';
import { resolveTagTarget } from './tag-urns.js';

export interface CreateTagInput {
  /** Random UUID when absent. */
  id?: string | null;
  name: string;
  description?: string | null;
  actor: string;
  waitForSearch?: boolean;
}

const cleanupOpen = async (services: CatalogDeps, urn: string) => (await services.jobStore.open(TAG_CLEANUP_JOB, urn)).length > 0;

export async function createTag(services: CatalogDeps, input: CreateTagInput): Promise<string> {
  const id = input.id ?? randomUUID();
  if (id.trim() === '') throw validationError('Tag id must not be empty');
  if (input.name.trim() === '') throw validationError('Tag name must not be empty');
  const target = resolveTagTarget(tagUrn(id));
  const urn = target.urn.raw;
  if (await services.store.get('tag', urn)) throw conflict(`Tag ${urn} already exists`);
  // Until the clean-up of a deleted tag of this id has finished it would strip the new tag's associations too.
  if (await cleanupOpen(services, urn)) {
    throw conflict(`Tag ${urn} was deleted and is still being removed from entities; create it again once that has finished`);
  }
  const value: TagProperties = { name: input.name, ...(input.description != null ? { description: input.description } : {}) };
  // `create` also refuses the loser of two simultaneous creations of the same id.
  await writeAspects(services, {
    target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    changes: [{ aspect: 'tagProperties', mode: 'create', compute: () => value }],
  }).catch((e) => {
    if (e instanceof AlreadyExistsError) throw conflict(`Tag ${urn} already exists`);
    throw e;
  });
  return urn;
}
