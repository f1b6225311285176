/** Emits whole aspects (and patches) as proposals over `POST /aspects?action=ingestProposal[Batch]`, validated before sending. */
import type { z } from 'zod';
import { aspectSchemas } from '../model/aspects/index.js';
import { findAspectName, findEntityType } from '../model/entity-types.js';
import { PatchBodySchema, type PatchBody } from '../model/json-patch.js';
import { createProposal, type ChangeType, type Proposal } from '../model/proposal.js';
import { parseEntityUrn } from '../model/urn.js';
import type { TesseraClient } from './client.js';
import { TesseraValidationError } from './sdk-errors.js';

export interface AspectChange {
  entityUrn: string;
  aspectName: string;
  /** The whole aspect for UPSERT/CREATE (default UPSERT), the patch document for PATCH, nothing for DELETE. */
  value?: unknown;
  changeType?: ChangeType;
}

export interface EmitterOptions {
  /** Proposals per batch request (default 100). */
  batchSize?: number;
}

function describeIssues(root: string, error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = [root, ...i.path.map(String)].join('.');
      const keys = (i as { keys?: string[] }).keys;
      return i.code === 'unrecognized_keys' && keys ? `${path}: unknown field(s) ${keys.map((k) => `'${k}'`).join(', ')}` : `${path}: ${i.message}`;
    })
    .join('; ');
}

/** Checks a change with the server's own rules that need no server (URN shape, aspect name, zod schema) and builds its proposal. */
export function buildProposal(change: AspectChange): Proposal {
  const changeType = change.changeType ?? 'UPSERT';
  let entityType: string;
  try {
    entityType = parseEntityUrn(change.entityUrn).entityType;
  } catch (e) {
    throw new TesseraValidationError((e as Error).message);
  }
  const def = findEntityType(entityType);
  if (!def) throw new TesseraValidationError(`Unknown entity type ${entityType} in ${change.entityUrn}`);
  const aspectName = findAspectName(def, change.aspectName);
  if (!aspectName) {
    throw new TesseraValidationError(`Unknown aspect ${change.aspectName} for entity ${def.name}; known aspects: ${[def.keyAspect, ...def.aspects].join(', ')}`);
  }
  if (changeType === 'UPSERT' || changeType === 'CREATE') {
    const parsed = aspectSchemas[aspectName]?.safeParse(change.value);
    if (parsed && !parsed.success) throw new TesseraValidationError(`Invalid ${aspectName} for ${change.entityUrn}: ${describeIssues(aspectName, parsed.error)}`);
  } else if (changeType === 'PATCH') {
    const parsed = PatchBodySchema.safeParse(change.value);
    if (!parsed.success) throw new TesseraValidationError(`Invalid patch of ${aspectName} for ${change.entityUrn}: ${describeIssues('patch', parsed.error)}`);
  }
  return createProposal({ entityType: def.name, entityUrn: change.entityUrn, aspectName, changeType, value: change.value });
}

export class Emitter {
  private readonly batchSize: number;

  constructor(
    readonly client: TesseraClient,
    options: EmitterOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 100);
  }

  /** Validates and sends one change; answers the entity URN. */
  async emit(change: AspectChange): Promise<string> {
    return this.client.ingestProposal(buildProposal(change));
  }

  /** Writes one whole aspect (upsert). */
  upsertAspect(entityUrn: string, aspectName: string, value: unknown): Promise<string> {
    return this.emit({ entityUrn, aspectName, value });
  }

  /** Applies a JSON patch to one aspect on the server, inside its conditional write. */
  patchAspect(entityUrn: string, aspectName: string, patch: PatchBody): Promise<string> {
    return this.emit({ entityUrn, aspectName, value: patch, changeType: 'PATCH' });
  }

  /** Validates every change first (nothing is sent when one is bad), then sends them in batches, in order; answers how many were sent. */
  async emitBatch(changes: AspectChange[]): Promise<number> {
    const proposals = changes.map((c, i) => {
      try {
        return buildProposal(c);
      } catch (e) {
        throw new TesseraValidationError(`changes[${i}]: ${(e as Error).message}`);
      }
    });
    for (let i = 0; i < proposals.length; i += this.batchSize) {
      await this.client.ingestProposalBatch(proposals.slice(i, i + this.batchSize));
    }
    return proposals.length;
  }
}
