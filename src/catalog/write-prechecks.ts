/**
 * The checks a write makes before its read-modify-write, the same for one write and for a whole batch (read at once
 * for the batch): the parent of every entity that has no document of its own to check inside the write (a schemaField's
 * dataset) must exist, and the definitions the values name are loaded real-time. Applicability and value rules run
 * inside the write itself (the aspect hooks), for both alike.
 */
import { CatalogError, notFound } from '../errors.js';
import { parseUrn } from '../model/urn.js';
import type { CatalogDeps } from './catalog-deps.js';
import { loadDefinitions, type DefinitionMemo } from './definitions.js';
import { existenceUrnOf } from './entity-target.js';
import { needsExistingEntity, type WriteInput } from './write-input.js';

export interface PrecheckOptions {
  /** Property URNs the writes' values name, when they are known before the write (a batch's raw values). */
  propertyUrns?: Iterable<string>;
  /** Whether an earlier item of the same batch writes the parent (a wire batch creating a dataset, then tagging its column). */
  inBatch?: (parent: string, i: number) => boolean;
  /** Takes each refusal instead of throwing the first (a batch names every refused item). */
  refuse?: (i: number, e: CatalogError) => void;
}

/** Refuses every write whose parent is missing (throws the first unless `refuse` takes them); loads the named definitions into `definitions`. */
export async function precheckWrites(services: CatalogDeps, inputs: WriteInput[], definitions: DefinitionMemo, opts: PrecheckOptions = {}): Promise<void> {
  const parents = new Map<string, Set<string>>();
  const parentOf: (string | undefined)[] = inputs.map((input) => {
    if (!needsExistingEntity(input, services.config.CREATE_MISSING_ENTITIES)) return undefined;
    const urn = existenceUrnOf(input.target);
    if (urn === input.target.urn.raw) return undefined;
    const type = parseUrn(urn).entityType;
    (parents.get(type) ?? parents.set(type, new Set()).get(type)!).add(urn);
    return urn;
  });
  const [found] = await Promise.all([
    Promise.all([...parents].map(async ([type, urns]) => [...(await services.store.mget(type, [...urns])).keys()])).then((keys) => new Set(keys.flat())),
    opts.propertyUrns ? loadDefinitions(services, opts.propertyUrns, definitions) : undefined,
  ]);
  parentOf.forEach((parent, i) => {
    if (parent === undefined || found.has(parent) || opts.inBatch?.(parent, i)) return;
    const e = notFound(`Entity ${parent} (parent of ${inputs[i].target.urn.raw}) does not exist`);
    if (opts.refuse) return opts.refuse(i, e);
    throw e;
  });
}
