/** The emitter wire of the original's clients: `POST /aspects?action=ingestProposal[Batch]`, over the aspect operations. */
import type { ServerResponse } from 'node:http';
import { DECLINE, type Route } from '../wire/route.js';
import { z } from 'zod';
import { deleteAspects } from '../catalog/delete-entity.js';
import { resolveAspect, resolveTarget, type EntityTarget } from '../catalog/entity-target.js';
import { parsePatchBody, patchAspect } from '../catalog/patch-aspect.js';
import { formatZodIssues, validateAspectValue, writeAspects } from '../catalog/write-aspects.js';
import { checkBatchSize } from '../catalog/batch-limit.js';
import { batchUpsert } from '../catalog/batch-upsert.js';
import { CatalogError, validationError } from '../errors.js';
import { sendError } from '../wire/send-error.js';
import { decodeProposalAspect, ProposalSchema, writerSystemMetadata, type Proposal } from '../model/proposal.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { parseClientBrand } from './brand.js';
import { waitForSearch } from '../wire/params.js';

const AsyncSchema = z.union([z.enum(['true', 'false']), z.boolean()]).optional();
const SingleBodySchema = z.strictObject({ proposal: z.unknown(), async: AsyncSchema });
const BatchBodySchema = z.strictObject({ proposals: z.array(z.unknown()), async: AsyncSchema });

interface Prepared {
  proposal: Proposal;
  target: EntityTarget;
  aspect: string;
  payload: unknown;
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(`Invalid ${what} request: ${formatZodIssues('body', parsed.error)}`);
  return parsed.data;
}

/** Checks everything that can be checked before writing: shape, URN, aspect name, aspect value or patch document. */
function prepare(raw: unknown, label: string): Prepared {
  try {
    const parsed = ProposalSchema.safeParse(raw);
    if (!parsed.success) throw validationError(formatZodIssues('proposal', parsed.error));
    const proposal = parsed.data as Proposal;
    const target = resolveTarget(proposal.entityType, proposal.entityUrn);
    const aspect = resolveAspect(target.def, proposal.aspectName);
    const payload = parseClientBrand(aspect, decodeProposalAspect(proposal));
    if (proposal.changeType === 'UPSERT' || proposal.changeType === 'CREATE') validateAspectValue(aspect, payload);
    if (proposal.changeType === 'PATCH') parsePatchBody(payload);
    return { proposal, target, aspect, payload };
  } catch (e) {
    throw labelled(e, label);
  }
}

function labelled(e: unknown, label: string): unknown {
  return e instanceof CatalogError && label ? new CatalogError(e.code, `${label}: ${e.message}`, e.details) : e;
}

async function apply(services: Services, p: Prepared, actor: string, wait: boolean): Promise<string> {
  const { target, aspect } = p;
  const systemMetadata = writerSystemMetadata(p.proposal.systemMetadata ?? undefined);
  switch (p.proposal.changeType) {
    case 'UPSERT':
    case 'CREATE': {
      const mode = p.proposal.changeType === 'CREATE' ? 'create' : 'upsert';
      await writeAspects(services, { target, actor, waitForSearch: wait, changes: [{ aspect, mode, systemMetadata, compute: () => p.payload }] });
      break;
    }
    case 'PATCH':
      await patchAspect(services, { target, aspect, patch: p.payload, actor, waitForSearch: wait, systemMetadata });
      break;
    case 'DELETE':
      await deleteAspects(services, target, [aspect], actor, { waitForSearch: wait });
      break;
  }
  return target.urn.raw;
}

const batchable = (p: Prepared) => p.proposal.changeType === 'UPSERT' || p.proposal.changeType === 'PATCH';

/** The proposals from `start` that can go as one batch write: consecutive UPSERTs and PATCHes of one entity type (at least one). */
function writeRunAt(prepared: Prepared[], start: number): Prepared[] {
  const first = prepared[start];
  if (!batchable(first)) return [first];
  let end = start + 1;
  while (end < prepared.length && batchable(prepared[end]) && prepared[end].target.def.name === first.target.def.name) end++;
  return prepared.slice(start, end);
}

/** Validation problems answer 422 as the original's Rest.li wire does; other errors keep their usual status. */
function sendValidation(e: unknown, res: ServerResponse): void {
  if (e instanceof CatalogError && (e.code === 'VALIDATION' || e.code === 'INVALID_URN')) {
    return sendError(res, e, 422);
  }
  throw e;
}

export function ingestRoutes(services: Services): Route[] {
  const handle: Route['handle'] = async (req) => {
    const action = req.query.action;
    if (action !== 'ingestProposal' && action !== 'ingestProposalBatch') return DECLINE;
    const { actor, res } = req;
    const wait = waitForSearch(req);
    try {
      if (action === 'ingestProposal') {
        const body = parseBody(SingleBodySchema, req.body, 'ingestProposal');
        const urn = await apply(services, prepare(body.proposal, ''), actor, wait);
        return sendJson(res, 200, { value: urn });
      }
      const body = parseBody(BatchBodySchema, req.body, 'ingestProposalBatch');
      // Every proposal is checked before the first write, so a bad one refuses the batch without side effects.
      checkBatchSize(services, body.proposals.length);
      const prepared = body.proposals.map((p, i) => prepare(p, `proposals[${i}]`));
      // In order: each run of consecutive UPSERTs and PATCHes of one entity type is one batch write (one engine round trip where it
      // can), every other proposal is applied on its own. Only the last write per entity type waits for search: a
      // refresh shows every earlier write to its index.
      const lastOfType = new Map(prepared.map((p, i) => [p.target.def.name, i]));
      const labelOf = (i: number) => `proposals[${i}] (${prepared[i].target.urn.raw}, ${prepared[i].aspect})`;
      for (let i = 0; i < prepared.length; ) {
        const run = writeRunAt(prepared, i);
        const waits = wait && run.some((_, k) => lastOfType.get(prepared[i + k].target.def.name) === i + k);
        if (run.length > 1) {
          const items = run.map((p) => {
            const patch = p.proposal.changeType === 'PATCH';
            const value = patch ? parsePatchBody(p.payload) : p.payload;
            return { urn: p.target.urn.raw, aspects: [{ aspect: p.aspect, value, patch, systemMetadata: writerSystemMetadata(p.proposal.systemMetadata ?? undefined) }] };
          });
          // Each proposal's value was checked by `prepare`; the wire answers `success`, not the entities.
          await batchUpsert(services, run[0].target.def.name, items, actor, waits, { label: (k) => labelOf(i + k), valuesChecked: true, noAnswer: true });
        } else {
          try {
            await apply(services, run[0], actor, waits);
          } catch (e) {
            throw labelled(e, labelOf(i));
          }
        }
        i += run.length;
      }
      sendJson(res, 200, { value: 'success' });
    } catch (e) {
      sendValidation(e, res);
    }
  };
  return [{ method: 'POST', path: '/aspects', handle }];
}
