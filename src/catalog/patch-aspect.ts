/** Applies a JSON patch (with array primary keys) to one aspect inside the conditional write. */
import { validationError } from '../errors.js';
import { applyAspectPatch, PatchBodySchema, type PatchBody } from '../model/json-patch.js';
import type { CatalogDeps } from './catalog-deps.js';
import type { EntityTarget } from './entity-target.js';
import { presentAspect, type AspectView } from './read-entity.js';
import { formatZodIssues, writeAspects, type AspectChange } from './write-aspects.js';

export function parsePatchBody(body: unknown) {
  if (body && typeof body === 'object' && !Array.isArray(body) && !('patch' in body)) throw validationError('Missing `patch` field.');
  const parsed = PatchBodySchema.safeParse(body);
  if (!parsed.success) throw validationError(`Invalid patch: ${formatZodIssues('patch', parsed.error)}`);
  return parsed.data;
}

/** The change a parsed patch makes to one aspect: applied to the stored value inside the write. */
export function patchChange(aspect: string, patch: PatchBody, systemMetadata?: Record<string, unknown>): AspectChange {
  return { aspect, systemMetadata, compute: (previous) => applyAspectPatch(aspect, previous, patch) };
}

export interface PatchAspectInput {
  target: EntityTarget;
  aspect: string;
  patch: unknown;
  actor: string;
  waitForSearch?: boolean;
  /** The writer's system metadata, stored with the patched value. */
  systemMetadata?: Record<string, unknown>;
}

export async function patchAspect(services: CatalogDeps, input: PatchAspectInput): Promise<AspectView> {
  const body = parsePatchBody(input.patch);
  const doc = await writeAspects(services, {
    target: input.target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    changes: [patchChange(input.aspect, body, input.systemMetadata)],
  });
  return (await presentAspect(services, doc!, input.aspect))!;
}
