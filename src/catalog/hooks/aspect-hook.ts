/** The extension point through which aspect-specific rules take part in every write and read. */
import type { EntityDoc, StoredAspect } from '../../storage/entity-store.js';
import type { Services } from '../../services.js';
import type { DefinitionMemo } from '../definitions.js';

export interface AspectWriteContext {
  services: Services;
  actor: string;
  now: number;
  entityType: string;
  urn: string;
  aspect: string;
  previous?: StoredAspect;
  /** The entity document being built (other aspects already updated by earlier changes of the same write). */
  doc: EntityDoc;
  /** Structured property definitions fetched so far by this write attempt. */
  definitions?: DefinitionMemo;
}

export interface AspectReadContext {
  services: Services;
  entityType: string;
  urn: string;
  aspect: string;
  stored: StoredAspect;
  /** Structured property definitions fetched so far by this request. */
  definitions?: DefinitionMemo;
}

export interface AspectHook {
  /** Runs inside the read-modify-write; throws a CatalogError to refuse. May return storage-side meta. */
  validate?(ctx: AspectWriteContext, value: unknown): Promise<{ meta?: Record<string, unknown> } | void>;
  /**
   * The value a write starts from (what `compute` receives and `validate` sees as previous): the stored value minus
   * anything that must never be carried into a new write (e.g. values of re-versioned or hard-deleted properties).
   */
  prepare?(ctx: AspectReadContext): Promise<unknown>;
  /** Runs inside the read-modify-write before the aspect is deleted; throws a CatalogError to refuse. */
  validateDelete?(ctx: AspectWriteContext): Promise<void>;
  /** Transforms the stored value for every read (e.g. hides values of deleted properties). */
  present?(ctx: AspectReadContext): Promise<unknown>;
}
