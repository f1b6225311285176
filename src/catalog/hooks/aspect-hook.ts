/** The extension point through which aspect-specific rules take part in every write and read. */
import type { EntityDoc, StoredAspect } from '../../storage/entity-store.js';
import type { Services } from '../../services.js';

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
}

export interface AspectReadContext {
  services: Services;
  entityType: string;
  urn: string;
  aspect: string;
  stored: StoredAspect;
}

export interface AspectHook {
  /** Runs inside the read-modify-write; throws a CatalogError to refuse. May return storage-side meta. */
  validate?(ctx: AspectWriteContext, value: unknown): Promise<{ meta?: Record<string, unknown> } | void>;
  /** Transforms the stored value for every read (e.g. hides values of deleted properties). */
  present?(ctx: AspectReadContext): Promise<unknown>;
}
