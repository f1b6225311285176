/**
 * A batch of whole aspect values or JSON patches for several entities of one type (REST v2/v3 batch POST and PATCH,
 * CSV import chunks): every item's target, aspect and value or patch checked first — all that are wrong named at
 * once — then written all or nothing by the one batch engine (write-batch.ts).
 */
import type { WritePrecondition } from '../model/write-precondition.js';
import type { PatchBody } from '../model/json-patch.js';
import type { VersionedDoc } from '../storage/entity-store.js';
import type { DefinitionMemo } from './definitions.js';
import type { CatalogDeps } from './catalog-deps.js';
import { checkBatchSize } from './batch-limit.js';
import { resolveAspect, resolveTarget } from './entity-target.js';
import { parsePatchBody, patchChange } from './patch-aspect.js';
import { presentEntity, type EntityView } from './read-entity.js';
import { validateAspectValue, type WriteInput } from './write-aspects.js';
import { batchRefusal, defaultLabel, propertyUrnsIn, Refusals, writeBatch } from './write-batch.js';
import { authorizePoints, checkPointValue, pointView, timeseriesAspectOf, writePointsWith, type PointInput } from './timeseries/points.js';
import { validationError } from '../errors.js';

export interface BatchEntityInput {
  urn: unknown;
  /** A whole aspect value, or (with `patch: true`) a JSON patch document applied to the stored value inside the write. */
  aspects: { aspect: string; value: unknown; patch?: boolean; systemMetadata?: Record<string, unknown>; precondition?: WritePrecondition }[];
}

export interface BatchOptions {
  /** Names item `i` in the message of an error it causes (`items[i] (<urn>, <aspect>)` by default). */
  label?: (i: number, aspect: string) => string;
  /** The caller has checked every value and patch document already. */
  valuesChecked?: boolean;
  /** The caller does not show the written entities (the wire answers `success`): nothing is kept or presented for it. */
  noAnswer?: boolean;
  /**
   * The entities as the caller has just read them, with their sequence numbers (a CSV import reads them to plan its
   * rows): not read again. Each is still replaced only where unchanged since that read; one that changed meanwhile
   * goes through the per-entity read-modify-write like any race. Changed in place.
   */
  existing?: Map<string, VersionedDoc>;
}

export async function batchUpsert(services: CatalogDeps, entityName: string, items: BatchEntityInput[], actor: string, waitForSearch?: boolean, opts: BatchOptions = {}): Promise<EntityView[]> {
  checkBatchSize(services, items.length);
  if (items.length === 0) return [];
  // Definitions are read real-time once for the whole batch, and the answer presents them as read.
  const definitions: DefinitionMemo = services.definitionCache.writeMemo();
  const urnOf = (i: number) => (typeof items[i].urn === 'string' ? (items[i].urn as string) : String(items[i].urn));
  const label = opts.label ?? defaultLabel(urnOf);
  // Every item's target, aspect names and values checked first: all that are wrong are named, nothing is read.
  const refusals = new Refusals(urnOf, (i) => items[i].aspects[0]?.aspect ?? '');
  // Time-series aspects are points (catalog/timeseries): checked here, authorized with the batch, kept apart from the entity.
  const points: { item: number; point: PointInput }[] = [];
  const inputs = items.map((item, i): WriteInput | undefined => {
    let aspect: string | undefined;
    try {
      const target = resolveTarget(entityName, item.urn);
      const changes = item.aspects.flatMap((a) => {
        aspect = a.aspect;
        const series = timeseriesAspectOf(target.def, a.aspect);
        if (series) {
          aspect = series;
          if (a.patch) throw validationError(`${series} is a time-series aspect: a write adds a point; it cannot be patched`);
          points.push({ item: i, point: { target, aspect: series, value: checkPointValue(series, a.value), systemMetadata: a.systemMetadata } });
          return [];
        }
        const name = resolveAspect(target.def, a.aspect);
        aspect = name;
        const precondition = a.precondition;
        if (a.patch) return [{ ...patchChange(name, opts.valuesChecked ? (a.value as PatchBody) : parsePatchBody(a.value), a.systemMetadata), precondition }];
        if (!opts.valuesChecked) validateAspectValue(name, a.value);
        return [{ aspect: name, systemMetadata: a.systemMetadata, compute: () => a.value, checked: true, whole: true, precondition }];
      });
      return { target, actor, waitForSearch, definitions, changes };
    } catch (e) {
      refusals.add(i, e, aspect);
      return undefined;
    }
  });
  if (refusals.size > 0) throw batchRefusal(refusals.items, items.length, label);
  await authorizePoints(services, actor, points.map((p) => p.point), (k, e) => refusals.add(points[k].item, e, points[k].point.aspect));
  if (refusals.size > 0) throw batchRefusal(refusals.items, items.length, label);
  // An item of points only writes no entity (a point never creates one).
  const versioned = (inputs as WriteInput[]).map((input, i) => ({ input, i })).filter(({ input }) => input.changes.length > 0);
  const written = await writePointsWith(
    services,
    points.map((p) => p.point),
    (beforeWrite) =>
      writeBatch(services, versioned.map((v) => v.input), {
        label: (k, a) => label(versioned[k].i, a),
        propertyUrns: propertyUrnsIn(items.flatMap((i) => i.aspects)),
        existing: opts.existing,
        keepDocs: !opts.noAnswer,
        beforeWrite,
      }),
    { refresh: waitForSearch },
  );
  if (opts.noAnswer) return [];
  const shown = services.definitionCache.memo(definitions);
  const docs = new Map(versioned.map((v, k) => [v.i, written[k]]));
  return Promise.all(
    items.map(async (_item, i) => {
      const input = inputs[i]!;
      const doc = docs.get(i);
      const view: EntityView = doc ? await presentEntity(services, doc, input.changes.map((c) => c.aspect), shown) : { urn: input.target.urn.raw, entityType: input.target.def.name, aspects: {} };
      for (const p of points) if (p.item === i) view.aspects[p.point.aspect] = pointView(p.point, actor);
      return view;
    }),
  );
}
