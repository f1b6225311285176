/**
 * `POST /entities?action=ingest|batchIngest`: the original client's snapshot writes (`emit_mce`, and the sink's SYNC
 * mode for snapshot records). Each aspect of a snapshot is an UPSERT through the one batch engine: every aspect of
 * every snapshot is checked, built and authorized before the first write, and a refused one refuses the request,
 * naming it (422, as the original's wire answers a validation problem).
 */
import { z } from 'zod';
import { resolveTarget } from '../catalog/entity-target.js';
import { checkBatchSize } from '../catalog/batch-limit.js';
import { formatZodIssues, validateAspectValue, type WriteInput } from '../catalog/write-aspects.js';
import { batchRefusal, propertyUrnsIn, Refusals, writeBatch } from '../catalog/write-batch.js';
import { validationError } from '../errors.js';
import { SystemMetadataInputSchema, writerSystemMetadata, type SystemMetadata } from '../model/proposal.js';
import type { Services } from '../services.js';
import { sendValidationAs422 } from '../wire/send-error.js';
import { sendJson } from '../wire/json.js';
import { waitForSearch } from '../wire/params.js';
import { DECLINE, type Route } from '../wire/route.js';
import { parseClientBrand } from './brand.js';
import { aspectOfRecord, entityTypeOfSnapshot } from './snapshot-records.js';

const SnapshotSchema = z.strictObject({ urn: z.string(), aspects: z.array(z.record(z.string(), z.unknown())) });
const EntitySchema = z.strictObject({ value: z.record(z.string(), z.unknown()) });
const IngestSchema = z.strictObject({ entity: EntitySchema, systemMetadata: SystemMetadataInputSchema.optional() });
const BatchIngestSchema = z.strictObject({ entities: z.array(EntitySchema), systemMetadata: z.array(SystemMetadataInputSchema.nullable()).optional() });

interface Item {
  urn: string;
  aspect: string;
  value: unknown;
  systemMetadata?: Record<string, unknown>;
  input: WriteInput;
}

/** One snapshot's aspects as writes (one per aspect), every problem named with the snapshot's place and the record. */
function itemsOf(entity: z.infer<typeof EntitySchema>, sm: SystemMetadata | undefined, actor: string, wait: boolean): Item[] {
  const records = Object.entries(entity.value);
  if (records.length !== 1) throw validationError(`entity.value must hold exactly one snapshot record, got ${records.length}`);
  const [record, body] = records[0];
  const def = entityTypeOfSnapshot(record);
  const parsed = SnapshotSchema.safeParse(body);
  if (!parsed.success) throw validationError(`Invalid ${record}: ${formatZodIssues('snapshot', parsed.error)}`);
  const target = resolveTarget(def.name, parsed.data.urn);
  const systemMetadata = writerSystemMetadata(sm);
  return parsed.data.aspects.map((member) => {
    const members = Object.entries(member);
    if (members.length !== 1) throw validationError(`each entry of ${record}.aspects holds one aspect record, got ${members.length}`);
    const aspect = aspectOfRecord(def, members[0][0]);
    const value = parseClientBrand(aspect, members[0][1]);
    validateAspectValue(aspect, value);
    const input: WriteInput = { target, actor, waitForSearch: wait, changes: [{ aspect, mode: 'upsert', systemMetadata, compute: () => value, checked: true, whole: true }] };
    return { urn: target.urn.raw, aspect, value, systemMetadata, input };
  });
}

export function snapshotRoutes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const action = req.query.action;
    if (action !== 'ingest' && action !== 'batchIngest') return DECLINE;
    const { actor, res } = req;
    const wait = waitForSearch(req);
    try {
      const entities: { entity: z.infer<typeof EntitySchema>; sm?: SystemMetadata }[] = [];
      if (action === 'ingest') {
        const body = IngestSchema.safeParse(req.body);
        if (!body.success) throw validationError(`Invalid ingest request: ${formatZodIssues('body', body.error)}`);
        entities.push({ entity: body.data.entity, sm: body.data.systemMetadata ?? undefined });
      } else {
        const body = BatchIngestSchema.safeParse(req.body);
        if (!body.success) throw validationError(`Invalid batchIngest request: ${formatZodIssues('body', body.error)}`);
        body.data.entities.forEach((entity, i) => entities.push({ entity, sm: body.data.systemMetadata?.[i] ?? undefined }));
      }
      // A refusal names the snapshot by its place and URN as sent.
      const sentUrn = (i: number) => String((Object.values(entities[i].entity.value)[0] as { urn?: unknown } | undefined)?.urn ?? '');
      const refusals = new Refusals(sentUrn, () => '');
      const items: Item[] = [];
      entities.forEach(({ entity, sm }, i) => {
        try {
          items.push(...itemsOf(entity, sm, actor, wait));
        } catch (e) {
          refusals.add(i, e);
        }
      });
      if (refusals.size > 0) throw batchRefusal(refusals.items, entities.length, (i) => `entities[${i}] (${sentUrn(i)})`);
      checkBatchSize(services, items.length);
      const label = (i: number, aspect: string) => `${items[i].urn} (${aspect})`;
      await writeBatch(services, items.map((item) => item.input), { label, propertyUrns: propertyUrnsIn(items.map((item) => ({ aspect: item.aspect, value: item.value, patch: false }))) });
      sendJson(res, 200, {});
    } catch (e) {
      sendValidationAs422(e, res);
    }
  };
  return [{ method: 'POST', path: '/entities', handle }];
}
