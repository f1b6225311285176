/** The one write path: validates aspect changes and applies them to an entity document in a single conditional write. */
import { dequal } from 'dequal';
import { checkPrecondition } from '../model/write-precondition.js';
import type { z } from 'zod';
import { AlreadyExistsError, CatalogError, notFound, validationError } from '../errors.js';
import { schemaOf } from '../model/aspects/index.js';
import { findForbiddenKey } from '../model/forbidden-keys.js';
import { UNCHANGED, type EntityDoc } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import { precheckWrites } from './write-prechecks.js';
import { afterWrite } from './after-write.js';
import { applySearchFields } from './search-fields.js';
import { keptPrevious, revertOf } from './runs/run-aspects.js';
import type { DefinitionMemo } from './definitions.js';
import { DELETE_ASPECT, KEEP_ASPECT, needsExistingEntity, type WriteInput } from './write-input.js';
import type { EntityTarget } from './entity-target.js';
import { randomUUID } from 'node:crypto';
import { entityResource, rightsForChange } from './access/change-rights.js';
import { diffAspect } from './history/aspect-differs.js';
import { toRecords } from './history/change-record.js';
import { currentLogContext } from '../logger.js';
import { isKeyedAspect } from './value-owners/keyed-aspects.js';
import { ownerOf, setterOf, settersAfter, settersOf, type Setters } from './value-owners/value-setters.js';
import { mergeWholeWrite, ownershipRecords, type OwnershipDecision } from './value-owners/whole-write.js';

export { DELETE_ASPECT, KEEP_ASPECT, needsExistingEntity } from './write-input.js';
export type { AspectChange, WriteInput } from './write-input.js';

/** How many problems a refusal names before it says how many more there are (an error body stays small however bad the input). */
export const MAX_LISTED_PROBLEMS = 10;

export function formatZodIssues(aspect: string, error: z.ZodError): string {
  const listed = error.issues.slice(0, MAX_LISTED_PROBLEMS).map((i) => {
    const path = i.path.length ? `${aspect}.${i.path.join('.')}` : aspect;
    if (i.code === 'unrecognized_keys') return `${path}: unknown field(s) ${(i as any).keys.slice(0, MAX_LISTED_PROBLEMS).map((k: string) => `'${k}'`).join(', ')}`;
    return `${path}: ${i.message}`;
  });
  const more = error.issues.length - listed.length;
  return more > 0 ? `${listed.join('; ')}; and ${more} more` : listed.join('; ');
}

export function validateAspectValue(aspect: string, value: unknown): unknown {
  const schema = schemaOf(aspect);
  if (!schema) throw validationError(`No schema for aspect ${aspect}`);
  // Every interface ends here (GraphQL literals and patch results included), not only JSON bodies.
  const forbidden = findForbiddenKey(value, aspect);
  if (forbidden) throw validationError(`Invalid ${aspect}: the key at ${forbidden} is not allowed (prototype keys are refused)`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(`Invalid ${aspect}: ${formatZodIssues(aspect, parsed.error)}`);
  return value; // echoed exactly as written: the schema only checks
}

/** A new entity's document: its key aspect, with the system metadata of the write that creates it (the run that made it). */
function newDoc(target: EntityTarget, actor: string, now: number, systemMetadata: Record<string, unknown> | undefined): EntityDoc {
  const stamp = { time: now, actor };
  const key = { value: target.def.keyFromUrn(target.urn), created: stamp, lastModified: stamp, version: 1, ...(systemMetadata && { meta: { systemMetadata } }) };
  const doc: EntityDoc = { urn: target.urn.raw, entityType: target.def.name, aspects: { [target.def.keyAspect]: key } };
  if (target.def.name === 'structuredProperty') doc.generation = randomUUID();
  return doc;
}

/**
 * Applies the changes to the entity's current document (null when it does not exist yet) and returns the document to
 * store, or UNCHANGED. Pure apart from reads, so the store may run it again after a conflict.
 */
export async function applyChanges(services: CatalogDeps, input: WriteInput, current: EntityDoc | null): Promise<EntityDoc | typeof UNCHANGED> {
  const { target, changes, actor } = input;
  if (!current && input.onlyIfExists) return UNCHANGED;
  // Rights are decided on what changes, against the entity as stored (the tags it carries before this write).
  const entity = input.preauthorized ? undefined : entityResource(target.def.name, target.urn.raw, current?.aspects);
  const authorizeChange = (aspect: string, before: unknown, after: unknown) => (entity ? services.access.authorizeAll(actor, rightsForChange(entity, aspect, before, after)) : undefined);
  const needsEntity = needsExistingEntity(input, services.config.CREATE_MISSING_ENTITIES);
  if (!current && needsEntity && target.def.name !== 'schemaField') throw notFound(`Entity ${target.urn.raw} does not exist`);
  const now = Date.now();
  const stamp = { time: now, actor };
  const doc = current ?? newDoc(target, actor, now, changes.find((c) => c.systemMetadata)?.systemMetadata);
  // One fetch per definition per attempt: prepare, validate and the search fields all need them.
  const definitions: DefinitionMemo = input.definitions ?? services.definitionCache.writeMemo();
  let changed = !current;
  // The values before this write, for its change records (hooks and patches may build on them in place).
  const before = new Map(changes.map((c) => [c.aspect, structuredClone(current?.aspects[c.aspect]?.value)]));
  const decisions = new Map<string, { writer: string; list: OwnershipDecision[] }>();
  for (const change of changes) {
    try {
      const stored = doc.aspects[change.aspect];
      if (change.mode === 'create' && stored && current) {
        throw new AlreadyExistsError(`Cannot perform CREATE since the aspect ${change.aspect} of ${target.urn.raw} already exists`);
      }
      if (change.precondition) checkPrecondition(change.precondition, current ? stored : undefined, change.aspect, target.urn.raw);
      const hook = services.hooks.aspects[change.aspect];
      const readCtx = { services, entityType: target.def.name, urn: target.urn.raw, aspect: change.aspect, definitions };
      const writeCtx = { ...readCtx, actor, now, doc };
      const reverted = change.revertRun === undefined ? undefined : revertOf(stored, change.revertRun, change.aspect === target.def.keyAspect);
      if (reverted === KEEP_ASPECT) continue;
      const restored = reverted === DELETE_ASPECT ? undefined : reverted;
      const previous = stored && hook?.prepare ? { ...stored, value: await hook.prepare({ ...readCtx, stored }) } : stored;
      let next: unknown;
      if (reverted === undefined) next = await change.compute(previous?.value);
      else if (!restored) next = DELETE_ASPECT;
      // A rollback restores the version its run overwrote, read as any stored value is (the hook drops stale parts).
      else next = hook?.prepare ? await hook.prepare({ ...readCtx, stored: { ...restored, created: stored!.created } }) : restored.value;
      if (next === KEEP_ASPECT) continue;
      const setter = setterOf(actor, now, change.systemMetadata, (input.provenance ?? currentLogContext())?.via);
      if (change.whole && reverted === undefined && previous && next !== DELETE_ASPECT && isKeyedAspect(change.aspect)) {
        const merged = await mergeWholeWrite(services, change.aspect, previous.value, settersOf(stored), next, setter, definitions);
        next = merged.value;
        if (merged.decisions.length > 0) decisions.set(change.aspect, { writer: ownerOf(setter), list: merged.decisions });
      }
      if (next === DELETE_ASPECT) {
        if (change.aspect === target.def.keyAspect) throw validationError(`The key aspect ${change.aspect} cannot be deleted on its own; delete the entity`);
        if (previous) {
          await authorizeChange(change.aspect, previous.value, undefined);
          await hook?.validateDelete?.({ ...writeCtx, previous });
          delete doc.aspects[change.aspect];
          changed = true;
        }
        continue;
      }
      await authorizeChange(change.aspect, previous?.value, next);
      if (!change.checked || restored) validateAspectValue(change.aspect, next);
      if (change.aspect === target.def.keyAspect && !dequal(next, target.def.keyFromUrn(target.urn))) {
        throw validationError(`${change.aspect} must match the urn ${target.urn.raw}`);
      }
      const extra = (await hook?.validate?.({ ...writeCtx, previous }, next)) ?? undefined;
      // A restored version comes back with its writer's system metadata and stamp; a run's value keeps what it overwrote.
      const systemMetadata = restored ? (restored.meta?.systemMetadata as Record<string, unknown> | undefined) : change.systemMetadata;
      const kept = restored ? undefined : keptPrevious(stored, change.systemMetadata, next);
      const setBy = isKeyedAspect(change.aspect) ? settersOfWrite(change.aspect, previous?.value, stored, next, restored ? (restored.meta?.setBy as Setters | undefined) : undefined, setter, decisions.get(change.aspect)) : undefined;
      const meta = { ...extra?.meta, ...(systemMetadata && { systemMetadata }), ...(kept && { previous: kept }), ...(setBy && { setBy }) };
      doc.aspects[change.aspect] = {
        value: next,
        created: previous?.created ?? stamp,
        lastModified: restored?.lastModified ?? stamp,
        version: (previous?.version ?? 0) + 1,
        ...(Object.keys(meta).length > 0 && { meta }),
      };
      changed = true;
    } catch (e) {
      // A batch names the aspect an item was refused for.
      if (e instanceof CatalogError) e.aspect ??= change.aspect;
      throw e;
    }
  }
  if (!changed) return UNCHANGED;
  await applySearchFields(services, doc, definitions);
  let fieldChanges = [...before].flatMap(([aspect, was]) => (aspect === target.def.keyAspect ? [] : diffAspect(aspect, was, doc.aspects[aspect]?.value)));
  for (const [aspect, d] of decisions) fieldChanges = ownershipRecords(aspect, d.list, fieldChanges, (k) => !input.preview && k.setBy?.overruled?.includes(d.writer) === true);
  const records = toRecords(target.urn.raw, target.def.name, actor, now, fieldChanges, input.provenance);
  if (records.length > 0) doc.outbox = [...(doc.outbox ?? []), ...records];
  return doc;
}

/**
 * Who set each entry after this write (value-owners/value-setters.ts): a restored version brings back its own; an
 * entry a load kept for its setter remembers that this load's owner was told (one KEEP record each, not one a run).
 */
function settersOfWrite(aspect: string, before: unknown, stored: EntityDoc['aspects'][string] | undefined, next: unknown, restored: Setters | undefined, setter: ReturnType<typeof setterOf>, d: { writer: string; list: OwnershipDecision[] } | undefined): Setters | undefined {
  const setBy = restored ?? settersAfter(aspect, before, settersOf(stored), next, setter);
  for (const k of d?.list ?? []) {
    const s = setBy[k.key];
    if (k.kept && s && !s.overruled?.includes(d!.writer)) setBy[k.key] = { ...s, overruled: [...(s.overruled ?? []), d!.writer] };
  }
  return Object.keys(setBy).length > 0 ? setBy : undefined;
}

export async function writeAspects(services: CatalogDeps, input: WriteInput): Promise<EntityDoc | null> {
  const definitions = input.definitions ?? services.definitionCache.writeMemo();
  // Taken now: the store may run this write's mutator inside another caller's merged write.
  const provenance = input.provenance ?? currentLogContext();
  await precheckWrites(services, [input], definitions);
  let changed = false;
  const doc = await services.store.mutate(
    input.target.def.name,
    input.target.urn.raw,
    async (current) => {
      const next = await applyChanges(services, { ...input, definitions, provenance }, current);
      changed = next !== UNCHANGED;
      return next;
    },
    { refresh: input.waitForSearch },
  );
  services.definitionCache.afterWrite(input.target.def.name);
  if (changed) await afterWrite(services, [{ input, members: input.changes.map((c) => c.aspect) }]);
  return doc;
}
