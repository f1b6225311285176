/** Reads entities and aspects by URN (real-time), applying each aspect's read rules. */
import type { EntityDoc, StoredAspect } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import type { EntityTarget } from './entity-target.js';
import type { DefinitionMemo } from './definitions.js';
import { settersOf, type Setters } from './value-owners/value-setters.js';

export interface SystemMetadata {
  aspectCreated: { time: number; actor: string };
  aspectModified: { time: number; actor: string };
  version: string;
  lastObserved: number;
}

export interface AspectView {
  value: unknown;
  systemMetadata: SystemMetadata;
  /** Who set each entry of a keyed aspect (value-owners/value-setters.ts). */
  setBy?: Setters;
}

export interface EntityView {
  urn: string;
  entityType: string;
  aspects: Record<string, AspectView>;
}

/** What the writer said of the write (run, pipeline, properties: `meta.systemMetadata`) with what storage knows of it. */
export function systemMetadataOf(stored: StoredAspect): SystemMetadata {
  const { lastObserved: _o, ...writer } = (stored.meta?.systemMetadata ?? {}) as SystemMetadata;
  return { ...writer, aspectCreated: stored.created, aspectModified: stored.lastModified, version: String(stored.version), lastObserved: stored.lastModified.time };
}

export async function presentAspect(services: CatalogDeps, doc: EntityDoc, aspect: string, definitions: DefinitionMemo = services.definitionCache.memo()): Promise<AspectView | undefined> {
  const stored = doc.aspects[aspect];
  if (!stored) return undefined;
  const hook = services.hooks.aspects[aspect];
  const value = hook?.present ? await hook.present({ services, entityType: doc.entityType, urn: doc.urn, aspect, stored, definitions }) : stored.value;
  const setBy = settersOf(stored);
  return { value, systemMetadata: systemMetadataOf(stored), ...(setBy && { setBy }) };
}

/** Presents the named aspects of a document (all when `aspects` is empty or absent). */
export async function presentEntity(services: CatalogDeps, doc: EntityDoc, aspects?: string[], definitions: DefinitionMemo = services.definitionCache.memo()): Promise<EntityView> {
  const names = aspects && aspects.length > 0 ? aspects.filter((a) => a in doc.aspects) : Object.keys(doc.aspects);
  const out: Record<string, AspectView> = {};
  for (const name of names) out[name] = (await presentAspect(services, doc, name, definitions))!;
  return { urn: doc.urn, entityType: doc.entityType, aspects: out };
}

export async function readEntity(services: CatalogDeps, target: EntityTarget, aspects?: string[]): Promise<EntityView | null> {
  const doc = await services.store.get(target.def.name, target.urn.raw);
  return doc ? presentEntity(services, doc, aspects) : null;
}

/** Several entities of one type at once (one `_mget`), in the order asked; those that do not exist are left out. */
export async function readEntities(services: CatalogDeps, entityType: string, urns: { urn: string; aspects?: string[] }[]): Promise<EntityView[]> {
  const docs = await services.store.mget(entityType, [...new Set(urns.map((u) => u.urn))]);
  const definitions = services.definitionCache.memo();
  const found = urns.filter((u) => docs.has(u.urn));
  return Promise.all(found.map((u) => presentEntity(services, docs.get(u.urn)!, u.aspects, definitions)));
}

export async function readAspect(services: CatalogDeps, target: EntityTarget, aspect: string): Promise<AspectView | null> {
  const doc = await services.store.get(target.def.name, target.urn.raw);
  return (doc && (await presentAspect(services, doc, aspect))) ?? null;
}

export function isSoftDeleted(doc: EntityDoc): boolean {
  return (doc.aspects.status?.value as { removed?: boolean } | undefined)?.removed === true;
}

/** Whether the entity exists and is not soft deleted (what REST HEAD answers). */
export async function entityIsLive(services: CatalogDeps, target: EntityTarget): Promise<boolean> {
  const doc = await services.store.get(target.def.name, target.urn.raw);
  return doc !== null && !isSoftDeleted(doc);
}
