/**
 * Defines or redefines an assertion another system evaluates (the original's upsertCustomAssertion): its assertionInfo,
 * replaced whole, and the dataPlatformInstance naming that system, written together through the one batch engine.
 */
import { randomUUID } from 'node:crypto';
import { validationError } from '../../errors.js';
import { parseEntityUrn, schemaFieldUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { writeBatch } from '../write-batch.js';

type Param = { value: string; type: string };

export interface UpsertCustomAssertionInput {
  /** The assertion; a new urn:li:assertion:<uuid> when absent. */
  urn?: string | null;
  entityUrn: string;
  type: string;
  description: string;
  fieldPath?: string | null;
  fieldPaths?: string[] | null;
  platform: { urn?: string | null; name?: string | null };
  externalUrl?: string | null;
  logic?: string | null;
  scope?: string | null;
  aggregation?: string | null;
  operator?: string | null;
  parameters?: { value?: Param | null; maxValue?: Param | null; minValue?: Param | null } | null;
  nativeType?: string | null;
  nativeParameters?: Record<string, string>;
  actor: string;
  waitForSearch?: boolean;
}

function platformOf(p: UpsertCustomAssertionInput['platform']): string {
  if (p.urn != null) {
    const urn = parseEntityUrn(p.urn);
    if (urn.entityType !== 'dataPlatform') throw validationError(`platform.urn must be a data platform URN, got ${p.urn}`);
    return urn.raw;
  }
  if (p.name != null && p.name !== '') return `urn:li:dataPlatform:${p.name}`;
  throw validationError('platform needs a urn or a name');
}

/** Only the parameters given (a null one is no parameter). */
function parametersOf(p: UpsertCustomAssertionInput['parameters']) {
  if (!p) return undefined;
  const out = Object.fromEntries((['value', 'maxValue', 'minValue'] as const).flatMap((k) => (p[k] ? [[k, { value: p[k]!.value, type: p[k]!.type }]] : [])));
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Answers the assertion's URN. */
export async function upsertCustomAssertion(services: CatalogDeps, input: UpsertCustomAssertionInput): Promise<string> {
  const target = resolveTarget('assertion', input.urn ?? `urn:li:assertion:${randomUUID()}`);
  const entity = parseEntityUrn(input.entityUrn).raw;
  const platform = platformOf(input.platform);
  const column = (path: string) => schemaFieldUrn(entity, path);
  const parameters = parametersOf(input.parameters);
  const custom = {
    type: input.type,
    entity,
    ...(input.fieldPath != null && { field: column(input.fieldPath) }),
    ...(input.fieldPaths != null && input.fieldPaths.length > 0 && { fields: input.fieldPaths.map(column) }),
    ...(input.logic != null && { logic: input.logic }),
    ...(input.scope != null && { scope: input.scope }),
    ...(input.aggregation != null && { aggregation: input.aggregation }),
    ...(input.operator != null && { operator: input.operator }),
    ...(parameters && { parameters }),
    ...(input.nativeType != null && { nativeType: input.nativeType }),
    ...(input.nativeParameters && { nativeParameters: input.nativeParameters }),
  };
  const info = {
    type: 'CUSTOM',
    description: input.description,
    ...(input.externalUrl != null && { externalUrl: input.externalUrl }),
    // Defined and evaluated by another system, as the original marks custom assertions.
    source: { type: 'EXTERNAL' },
    customAssertion: custom,
  };
  await writeBatch(services, [
    {
      target,
      actor: input.actor,
      waitForSearch: input.waitForSearch,
      changes: [
        { aspect: 'assertionInfo', compute: () => info },
        { aspect: 'dataPlatformInstance', compute: () => ({ platform }) },
      ],
    },
  ]);
  return target.urn.raw;
}
