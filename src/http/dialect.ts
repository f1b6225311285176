/** What differs between REST v2 and v3: body wrapping, response shapes and defaults. Each version supplies one. */
import type { AspectView, EntityView } from '../catalog/read-entity.js';
import type { WritePrecondition } from '../model/write-precondition.js';
import { publicSetters } from '../catalog/value-owners/value-setters.js';

export interface AspectBody {
  value: unknown;
}

export interface BatchItem {
  urn: unknown;
  aspects: { aspect: string; value: unknown; systemMetadata?: Record<string, unknown>; precondition?: WritePrecondition }[];
}

export interface Dialect {
  name: 'v2' | 'v3';
  /** Default of `createIfNotExists` on single-aspect POST. */
  createIfNotExistsDefault: boolean;
  readAspectBody(body: unknown): AspectBody;
  readBatch(body: unknown): BatchItem[];
  /** Reads the patch document of a v3 batch PATCH item, or undefined where the version has none. */
  readBatchPatch?(body: unknown): { urn: unknown; aspect: string; patch: unknown; systemMetadata?: Record<string, unknown>; precondition?: WritePrecondition }[];
  presentAspect(urn: string, aspect: string, view: AspectView, withSystemMetadata: boolean): unknown;
  presentEntity(entity: EntityView, withSystemMetadata: boolean): unknown;
  presentWrite(entity: EntityView, withSystemMetadata: boolean): unknown;
  presentList(result: { scrollId?: string; entities: EntityView[]; total: number }, withSystemMetadata: boolean): unknown;
}

/** `{value}` plus system metadata when asked: the envelope both versions use per aspect. */
export function aspectEnvelope(view: AspectView, withSystemMetadata: boolean): Record<string, unknown> {
  if (!withSystemMetadata) return { value: view.value };
  return { value: view.value, systemMetadata: view.setBy ? { ...view.systemMetadata, valueSetters: publicSetters(view.setBy) } : view.systemMetadata };
}
