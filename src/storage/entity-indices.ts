/**
 * Entity indices are made when they are first needed: the first write of an entity of the type, or the first structured
 * property listing the type (its field is mapped there before the definition is stored). A catalog pays only for the
 * types it holds — a fresh one has the indices of the built-in types, not one per registered type — and since every
 * definition makes the indices of its types before it exists, an index made later needs no property mapping: no
 * definition lists its type yet (the dynamic templates cover fields written without one).
 *
 * Reads need no index: a missing one holds nothing (searches ignore it, point reads find nothing). What this process
 * knows exists is remembered; an index removed behind its back is made again by the next write that finds it gone.
 */
import { typeFieldsStamp } from '../model/entity-types.js';
import type { Client } from '@opensearch-project/opensearch';
import { ensureIndex, entityIndexBody, type IndexLayout, type IndexNames } from './indices.js';
import { MadeOnce } from './made-once.js';

/** Types whose index every catalog has from its start: the bootstrap writes them, and a search of types with no index runs on `STAND_IN`. */
export const EAGER_ENTITY_TYPES = ['dataType', 'entityType'];
/** The index a search runs on when none of its types has one (so that it answers with its aggregations, empty). */
export const STAND_IN_ENTITY_TYPE = 'dataType';

/** The index body of one type: the common body with the stamp of the registry search fields its documents are derived with. */
function withTypeFieldsStamp(body: ReturnType<typeof entityIndexBody>, entityType: string): ReturnType<typeof entityIndexBody> {
  const stamp = typeFieldsStamp(entityType);
  return stamp ? { ...body, mappings: { ...body.mappings, _meta: { ...body.mappings._meta, typeFields: stamp } } } : body;
}

export class EntityIndices {
  private readonly made: MadeOnce;

  constructor(client: Client, names: IndexNames, layout?: IndexLayout) {
    const body = entityIndexBody(layout);
    this.made = new MadeOnce((entityType) => ensureIndex(client, names, names.entity(entityType), withTypeFieldsStamp(body, entityType)));
  }

  /** Makes the indices of these entity types that do not exist yet (safe when several processes race). */
  async ensure(entityTypes: Iterable<string>): Promise<void> {
    // Every write asks: the known case is a Set lookup (no promise made), and a type asked twice shares one making.
    const pending: Promise<void>[] = [];
    for (const t of entityTypes) if (!this.made.has(t)) pending.push(this.made.ensure(t));
    if (pending.length > 0) await Promise.all(pending);
  }

  /** A write found the index gone (removed behind this process's back): the next write makes it again. */
  forget(entityType: string): void {
    this.made.forget(entityType);
  }
}
