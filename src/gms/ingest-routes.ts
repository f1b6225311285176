/** The emitter wire of the original's clients: `POST /aspects?action=ingestProposal[Batch]`, over the aspect operations. */
import { DECLINE, type Route } from '../wire/route.js';
import { z } from 'zod';
import { resolveAspect, resolveTarget, type EntityTarget } from '../catalog/entity-target.js';
import { parsePatchBody, patchChange } from '../catalog/patch-aspect.js';
import { DELETE_ASPECT, formatZodIssues, validateAspectValue, writeAspects, type WriteInput } from '../catalog/write-aspects.js';
import { checkBatchSize } from '../catalog/batch-limit.js';
import { batchRefusal, previewBatch, propertyUrnsIn, Refusals, writeBatch, type BatchRefusalItem } from '../catalog/write-batch.js';
import { authorizePoints, checkPointValue, timeseriesAspectOf, writePointsWith, type PointInput } from '../catalog/timeseries/points.js';
import { writePoint } from '../catalog/timeseries/add-point.js';
import type { PatchBody } from '../model/json-patch.js';
import { CatalogError, validationError } from '../errors.js';
import { sendValidationAs422 } from '../wire/send-error.js';
import { decodeProposalAspect, ProposalSchema, writerSystemMetadata, type Proposal } from '../model/proposal.js';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';
import { parseClientBrand } from './brand.js';
import { boolParam, waitForSearch } from '../wire/params.js';

const AsyncSchema = z.union([z.enum(['true', 'false']), z.boolean()]).optional();
const SingleBodySchema = z.strictObject({ proposal: z.unknown(), async: AsyncSchema });
const BatchBodySchema = z.strictObject({ proposals: z.array(z.unknown()), async: AsyncSchema });

interface Prepared {
  proposal: Proposal;
  target: EntityTarget;
  aspect: string;
  payload: unknown;
  /** A PATCH proposal's document, parsed when it was checked. */
  patch?: PatchBody;
  /** A time-series aspect's point (kept apart from the entity's versioned aspects). */
  point?: PointInput;
}

function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(`Invalid ${what} request: ${formatZodIssues('body', parsed.error)}`);
  return parsed.data;
}

/** Checks everything that can be checked before writing: shape, URN, aspect name, aspect value or patch document. */
function prepare(raw: unknown): Prepared {
  const parsed = ProposalSchema.safeParse(raw);
  if (!parsed.success) throw validationError(formatZodIssues('proposal', parsed.error));
  const proposal = parsed.data as Proposal;
  const target = resolveTarget(proposal.entityType, proposal.entityUrn);
  const series = timeseriesAspectOf(target.def, proposal.aspectName);
  if (series) return preparePoint(proposal, target, series);
  const aspect = resolveAspect(target.def, proposal.aspectName);
  const payload = parseClientBrand(aspect, decodeProposalAspect(proposal));
  if (proposal.changeType === 'UPSERT' || proposal.changeType === 'CREATE') validateAspectValue(aspect, payload);
  const patch = proposal.changeType === 'PATCH' ? parsePatchBody(payload) : undefined;
  return { proposal, target, aspect, payload, patch };
}

/** A time-series proposal: a point to add (UPSERT or CREATE); its points are removed with `/entities?action=delete`. */
function preparePoint(proposal: Proposal, target: EntityTarget, aspect: string): Prepared {
  if (proposal.changeType !== 'UPSERT' && proposal.changeType !== 'CREATE') {
    throw validationError(`${aspect} is a time-series aspect: a proposal adds a point (UPSERT); remove points with POST /entities?action=delete {urn, aspectName, startTimeMillis, endTimeMillis}`);
  }
  const value = checkPointValue(aspect, decodeProposalAspect(proposal));
  const point = { target, aspect, value, systemMetadata: writerSystemMetadata(proposal.systemMetadata ?? undefined) };
  return { proposal, target, aspect, payload: value, point };
}

/** Every proposal checked, all that are wrong named at once (index, URN and aspect as sent). */
function prepareAll(raw: unknown[]): Prepared[] {
  const sent = (i: number, key: string) => {
    const v = (raw[i] as Record<string, unknown> | null)?.[key];
    return typeof v === 'string' ? v : '';
  };
  const refusals = new Refusals((i) => sent(i, 'entityUrn'), (i) => sent(i, 'aspectName'));
  const prepared = raw.map((p, i) => {
    try {
      return prepare(p);
    } catch (e) {
      refusals.add(i, e);
      return undefined;
    }
  });
  if (refusals.size > 0) throw batchRefusal(refusals.items, raw.length, (i, aspect) => `proposals[${i}] (${sent(i, 'entityUrn')}, ${aspect})`);
  return prepared as Prepared[];
}

/** The write a checked proposal asks for, as the one write path takes it. */
function inputOf(p: Prepared, actor: string, wait: boolean): WriteInput {
  const { target, aspect } = p;
  const systemMetadata = writerSystemMetadata(p.proposal.systemMetadata ?? undefined);
  const precondition = p.proposal.headers;
  const base = { target, actor, waitForSearch: wait };
  switch (p.proposal.changeType) {
    case 'UPSERT':
    case 'CREATE': {
      const mode = p.proposal.changeType === 'CREATE' ? ('create' as const) : ('upsert' as const);
      return { ...base, changes: [{ aspect, mode, systemMetadata, compute: () => p.payload, checked: true, whole: true, precondition }] };
    }
    case 'PATCH':
      return { ...base, changes: [{ ...patchChange(aspect, p.patch!, systemMetadata), precondition }] };
    case 'DELETE':
      // Deleting an aspect of an entity that does not exist changes nothing (and creates nothing).
      return { ...base, onlyIfExists: true, changes: [{ aspect, compute: () => DELETE_ASPECT, precondition }] };
  }
}

/**
 * A batch of checked proposals, all or nothing: the points are authorized with the versioned items (a refusal names
 * every refused proposal, by its place in the request), and written once every item has passed, before the entities.
 */
async function writeProposals(services: Services, prepared: Prepared[], actor: string, wait: boolean): Promise<void> {
  const label = (i: number, aspect: string) => `proposals[${i}] (${prepared[i].target.urn.raw}, ${aspect})`;
  const pointAt = prepared.flatMap((p, i) => (p.point ? [i] : []));
  const versionedAt = prepared.flatMap((p, i) => (p.point ? [] : [i]));
  const refusals = new Refusals((i) => prepared[i].target.urn.raw, (i) => prepared[i].aspect);
  await authorizePoints(services, actor, pointAt.map((i) => prepared[i].point!), (k, e) => refusals.add(pointAt[k], e));
  const versioned = versionedAt.map((i) => prepared[i]);
  let pointsRefused: CatalogError | undefined;
  const write = (beforeWrite: () => Promise<void>) =>
    writeBatch(services, versioned.map((p) => inputOf(p, actor, wait)), {
      label: (k, aspect) => label(versionedAt[k], aspect),
      propertyUrns: propertyUrnsIn(versioned.map((p) => ({ aspect: p.aspect, value: p.payload, patch: p.proposal.changeType !== 'UPSERT' && p.proposal.changeType !== 'CREATE' }))),
      beforeWrite: async () => {
        if (refusals.size > 0) throw (pointsRefused = batchRefusal(refusals.items, prepared.length, label));
        await beforeWrite();
      },
    });
  try {
    await writePointsWith(services, pointAt.map((i) => prepared[i].point!), write, { refresh: wait });
  } catch (e) {
    // Versioned items refused too (numbered within them): one answer naming every refused proposal by its place.
    const items = e instanceof CatalogError && e !== pointsRefused ? (e.details?.items as BatchRefusalItem[] | undefined) : undefined;
    if (!items || refusals.size === 0) throw e;
    for (const r of items) refusals.add(versionedAt[r.index], new CatalogError((e as CatalogError).code, r.reason), r.aspect);
    throw batchRefusal(refusals.items, prepared.length, label);
  }
}

/**
 * Tessera's dry run of a batch (`?dryRun=true`): every proposal checked, built and authorized as the write would, the
 * same refusal when one is refused, and otherwise the changes it would make — which values it would add, replace or
 * remove, and which it would keep for another setter (`KEEP`, with the rule). Nothing is written; points are only
 * authorized.
 */
async function previewProposals(services: Services, prepared: Prepared[], actor: string) {
  const label = (i: number, aspect: string) => `proposals[${i}] (${prepared[i].target.urn.raw}, ${aspect})`;
  const refusals = new Refusals((i) => prepared[i].target.urn.raw, (i) => prepared[i].aspect);
  const pointAt = prepared.flatMap((p, i) => (p.point ? [i] : []));
  await authorizePoints(services, actor, pointAt.map((i) => prepared[i].point!), (k, e) => refusals.add(pointAt[k], e));
  if (refusals.size > 0) throw batchRefusal(refusals.items, prepared.length, label);
  const versionedAt = prepared.flatMap((p, i) => (p.point ? [] : [i]));
  const records = await previewBatch(services, versionedAt.map((i) => inputOf(prepared[i], actor, false)), { label: (k, aspect) => label(versionedAt[k], aspect) });
  return records.map(({ id: _id, actor: _a, tokenId: _t, requestId: _r, via: _v, time: _time, version: _version, element: _e, entityType: _et, ...change }) => change);
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
        const p = prepare(body.proposal);
        if (p.point) await writePoint(services, actor, p.point, wait);
        else await writeAspects(services, inputOf(p, actor, wait));
        return sendJson(res, 200, { value: p.target.urn.raw });
      }
      const body = parseBody(BatchBodySchema, req.body, 'ingestProposalBatch');
      // Every proposal is checked, built and authorized before the first write (the one batch engine): a refused
      // proposal refuses the batch, which writes nothing and names every refused proposal.
      checkBatchSize(services, body.proposals.length);
      const prepared = prepareAll(body.proposals);
      if (boolParam(req, 'dryRun', false)) return sendJson(res, 200, { value: { dryRun: true, changes: await previewProposals(services, prepared, actor) } });
      await writeProposals(services, prepared, actor, wait);
      sendJson(res, 200, { value: 'success' });
    } catch (e) {
      sendValidationAs422(e, res);
    }
  };
  return [{ method: 'POST', path: '/aspects', handle }];
}
