/**
 * Writing time-series points (see storage/timeseries-store.ts): every point is checked against its aspect's schema and
 * authorized on its entity before any write, with the versioned items of the same batch. Points are not versions: they
 * carry no change records, so history and events do not list them (the original sends them to a stream of their own).
 */
import { validationError } from '../../errors.js';
import type { EntityTypeDef } from '../../model/entity-types.js';
import { findForbiddenKey } from '../../model/forbidden-keys.js';
import { TimeseriesBaseSchema, timeseriesSchemas } from '../../model/aspects/timeseries.js';
import { attrsOf, type PointToWrite } from '../../storage/timeseries-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { entityResource } from '../access/change-rights.js';
import type { EntityTarget } from '../entity-target.js';
import { formatZodIssues } from '../write-aspects.js';
import type { AspectView } from '../read-entity.js';

/** A point to write: a time-series aspect's value on an entity, with the writer's system metadata. */
export interface PointInput {
  target: EntityTarget;
  aspect: string;
  value: Record<string, unknown>;
  systemMetadata?: Record<string, unknown>;
}

/** The registered spelling of a time-series aspect of the entity type, whatever the case it was sent in. */
export function timeseriesAspectOf(def: EntityTypeDef, aspect: string): string | undefined {
  return def.timeseriesAspects.find((a) => a.toLowerCase() === aspect.toLowerCase());
}

/** Checks a point's value against its aspect's schema (and the limits every aspect has); answers it as written. */
export function checkPointValue(aspect: string, value: unknown): Record<string, unknown> {
  const forbidden = findForbiddenKey(value, aspect);
  if (forbidden) throw validationError(`Invalid ${aspect}: the key at ${forbidden} is not allowed (prototype keys are refused)`);
  const parsed = (timeseriesSchemas[aspect] ?? TimeseriesBaseSchema).safeParse(value);
  if (!parsed.success) throw validationError(`Invalid ${aspect}: ${formatZodIssues(aspect, parsed.error)}`);
  return value as Record<string, unknown>;
}

/**
 * Authorizes every point on its entity as stored (a tag-scoped policy sees the entity's tags): adding a point is an
 * edit of the entity. Throws at the first refused point with its index.
 */
export async function authorizePoints(services: CatalogDeps, actor: string, inputs: PointInput[], refuse: (i: number, e: unknown) => void): Promise<void> {
  const byType = new Map<string, string[]>();
  for (const p of inputs) byType.set(p.target.def.name, [...(byType.get(p.target.def.name) ?? []), p.target.urn.raw]);
  const docs = new Map((await Promise.all([...byType].map(([type, urns]) => services.store.mgetVersioned(type, [...new Set(urns)])))).flatMap((m) => [...m]));
  await Promise.all(
    inputs.map(async (p, i) => {
      const entity = entityResource(p.target.def.name, p.target.urn.raw, docs.get(p.target.urn.raw)?.doc.aspects);
      try {
        await services.access.authorize(actor, 'EDIT_ENTITY', entity, `aspect ${p.aspect}`);
      } catch (e) {
        refuse(i, e);
      }
    }),
  );
}

/** A written point as an entity answer shows it beside the entity's aspects: its value and the writer's system metadata. */
export function pointView(p: PointInput, actor: string, now = Date.now()): AspectView {
  const stamp = { time: now, actor };
  return { value: p.value, systemMetadata: { ...p.systemMetadata, aspectCreated: stamp, aspectModified: stamp, version: '0', lastObserved: now } };
}

/** The point as stored. */
export function storedPoint(p: PointInput, now = Date.now()): PointToWrite {
  const runId = p.systemMetadata?.runId;
  return {
    aspect: p.aspect,
    point: {
      urn: p.target.urn.raw,
      entityType: p.target.def.name,
      timestampMillis: p.value.timestampMillis as number,
      ...(typeof p.value.messageId === 'string' && { messageId: p.value.messageId }),
      ...(typeof runId === 'string' && { runId }),
      attrs: attrsOf(p.value),
      event: p.value,
      ...(p.systemMetadata && { systemMetadata: p.systemMetadata }),
      writtenAt: now,
    },
  };
}

/**
 * Writes the points, then `versioned` (the batch's other items, all checked already or checked by it before any write);
 * if `versioned` fails, the points are taken back, so the request leaves nothing half-written.
 */
export async function writePointsWith<T>(services: CatalogDeps, points: PointInput[], versioned: (beforeWrite: () => Promise<void>) => Promise<T>, opts: { refresh?: boolean } = {}): Promise<T> {
  if (points.length === 0) return versioned(async () => undefined);
  const toWrite = points.map((p) => storedPoint(p));
  let written: string[] = [];
  try {
    return await versioned(async () => {
      written = await services.timeseries.write(toWrite, opts);
    });
  } catch (e) {
    if (written.length > 0) {
      await services.timeseries.remove(written.map((id, i) => ({ aspect: toWrite[i].aspect, time: toWrite[i].point.timestampMillis, id }))).catch((err) => services.log.error({ err }, 'time-series points of a failed batch could not be taken back'));
    }
    throw e;
  }
}
