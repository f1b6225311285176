/**
 * Records one run's result of an assertion (the original's reportAssertionResult): an `assertionRunEvent` point on the
 * assertion, for the entity its assertionInfo names — read where the registry's `asserts` search field reads it, so the
 * run lands on the entity that lists the assertion.
 */
import { notFound, validationError } from '../../errors.js';
import { findEntityType, searchFieldPlaces } from '../../model/entity-types.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { addPoint } from '../timeseries/add-point.js';

type Obj = Record<string, unknown>;

export interface AssertionResultInput {
  timestampMillis?: number | null;
  type: string;
  /** The run's results in the evaluating system's terms (its nativeResults). */
  properties?: Record<string, string>;
  externalUrl?: string | null;
  error?: { type: string; message: string } | null;
  severity?: string | null;
}

export interface ReportAssertionResultInput {
  assertionUrn: string;
  result: AssertionResultInput;
  actor: string;
  waitForSearch?: boolean;
}

const ASSERTS = searchFieldPlaces(findEntityType('assertion')?.searchFields?.asserts ?? []);

/** The entity an assertion's definition names: the first of the places the registry's `asserts` field reads. */
export function assertedEntityOf(info: Obj | undefined): string | undefined {
  for (const place of ASSERTS) {
    const [, field, key] = place.split('.');
    const v = info?.[field];
    const x = key === undefined ? v : v && typeof v === 'object' ? (v as Obj)[key] : undefined;
    if (typeof x === 'string') return x;
  }
  return undefined;
}

/** The result as the run event stores it: an error kept only for ERROR, a severity only for FAILURE (as the original). */
function resultOf(r: AssertionResultInput): Obj {
  return {
    type: r.type,
    ...(r.externalUrl != null && { externalUrl: r.externalUrl }),
    ...(r.properties && { nativeResults: r.properties }),
    ...(r.type === 'ERROR' && r.error && { error: { type: r.error.type, properties: { message: r.error.message } } }),
    ...(r.type === 'FAILURE' && r.severity != null && { severity: r.severity }),
  };
}

export async function reportAssertionResult(services: CatalogDeps, input: ReportAssertionResultInput, now = Date.now()): Promise<void> {
  const target = resolveTarget('assertion', input.assertionUrn);
  const doc = await services.store.get('assertion', target.urn.raw);
  if (!doc) throw notFound(`Assertion ${target.urn.raw} does not exist`);
  const assertee = assertedEntityOf(doc.aspects.assertionInfo?.value as Obj | undefined);
  if (!assertee) throw validationError(`Assertion ${target.urn.raw} names no entity it checks (its assertionInfo has none): define it first (upsertCustomAssertion)`);
  const time = input.result.timestampMillis ?? now;
  const value = {
    timestampMillis: time,
    // One run per reported time, as the original numbers them.
    runId: String(time),
    assertionUrn: target.urn.raw,
    asserteeUrn: assertee,
    status: 'COMPLETE',
    result: resultOf(input.result),
  };
  await addPoint(services, { target, aspect: 'assertionRunEvent', value, actor: input.actor, waitForSearch: input.waitForSearch });
}
