/**
 * The compliance report: for each asked-for property (or every required one), how many entities it applies to comply,
 * miss a value or hold an invalid one, with a few of each by URN. Counted by the index whatever the catalog's size:
 * three plain counting queries per property, side by side (a filters aggregation would collect every document).
 */
import { notFound, validationError } from '../../errors.js';
import { structuredPropertyUrn } from '../../model/urn.js';
import { findEntityType } from '../../model/entity-types.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { infoFromDoc, loadDefinitions, type DefinitionInfo, type PropertyConstraintsValue } from '../definitions.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import { applicableEntityTypes, complianceQueries } from './compliance-query.js';

export interface ComplianceInput {
  /** Property URNs or qualified names; every required property when empty. */
  properties?: string[];
  /** How many entities to name per state (default 10, at most 100). */
  samples?: number;
}

export interface PropertyCompliance {
  urn: string;
  qualifiedName: string;
  displayName?: string;
  required: boolean;
  /** The entity types counted (the required ones, else all the property applies to). */
  entityTypes: string[];
  constraints?: PropertyConstraintsValue;
  /** Entities the property applies to (soft-deleted ones are not counted). */
  applicable: number;
  compliant: number;
  missing: number;
  invalid: number;
  missingSamples: string[];
  invalidSamples: string[];
}

const MAX_SAMPLES = 100;
const MAX_PROPERTIES = 100;

async function definitionsAsked(services: CatalogDeps, properties: string[]): Promise<DefinitionInfo[]> {
  if (properties.length > MAX_PROPERTIES) throw validationError(`At most ${MAX_PROPERTIES} properties per compliance report, got ${properties.length}`);
  const urns = properties.map((p) => (p.startsWith('urn:li:') ? p : structuredPropertyUrn(p)));
  const defs = await loadDefinitions(services, urns, services.definitionCache.memo());
  return urns.map((urn) => {
    const info = defs.get(urn);
    if (!info || info.removed) throw notFound(`Structured property ${urn} does not exist${info?.removed ? ' (it is soft deleted)' : ''}`);
    return info;
  });
}

/** Every live definition marked required (one search; definitions number in the thousands at most). */
async function requiredDefinitions(services: CatalogDeps): Promise<DefinitionInfo[]> {
  const res = await services.store.search(['structuredProperty'], {
    size: 10_000,
    _source: ['urn', 'entityType', 'generation', 'aspects.propertyDefinition', 'aspects.structuredPropertyConstraints', 'aspects.status'],
    sort: [{ urn: 'asc' }],
    query: { match_all: {} },
  });
  return res.hits.hits
    .map((h: { _source: never }) => infoFromDoc(h._source))
    .filter((i: DefinitionInfo | undefined): i is DefinitionInfo => !!i && !i.removed && i.constraints?.required === true);
}

/** The three counts of one property, each a plain query the index answers from its postings (no per-document collect). */
async function countsOf(services: CatalogDeps, info: DefinitionInfo, samples: number) {
  const types = applicableEntityTypes(info).filter((t) => findEntityType(t) !== undefined);
  if (types.length === 0) return { applicable: 0, missing: 0, invalid: 0, missingSamples: [], invalidSamples: [] };
  const q = complianceQueries(info);
  const run = (query: object, size: number) =>
    services.store.search(types, { size, track_total_hits: true, ...(size > 0 && { _source: ['urn'], sort: [{ urn: 'asc' }] }), query: { bool: { filter: [NOT_SOFT_DELETED, query] } } });
  const [applicable, missing, invalid] = await Promise.all([run(q.applicable, 0), run(q.missing, samples), q.invalid ? run(q.invalid, samples) : undefined]);
  const named = (res: any): string[] => (res?.hits.hits ?? []).map((h: { _source: { urn: string } }) => h._source.urn);
  return {
    applicable: applicable.hits.total.value as number,
    missing: missing.hits.total.value as number,
    invalid: (invalid?.hits.total.value as number | undefined) ?? 0,
    missingSamples: named(missing),
    invalidSamples: named(invalid),
  };
}

export async function propertyCompliance(services: CatalogDeps, input: ComplianceInput = {}): Promise<PropertyCompliance[]> {
  const samples = input.samples ?? 10;
  if (!Number.isInteger(samples) || samples < 0 || samples > MAX_SAMPLES) throw validationError(`samples must be a whole number from 0 to ${MAX_SAMPLES}, got ${samples}`);
  const infos = input.properties?.length ? await definitionsAsked(services, input.properties) : await requiredDefinitions(services);
  // Every count of every property at once: the engine answers them side by side.
  const counted = await Promise.all(infos.map((info) => countsOf(services, info, samples)));
  return infos.map((info, i) => {
    const c = counted[i];
    const def = info.definition as PropertyDefinition;
    return {
      urn: info.urn,
      qualifiedName: def.qualifiedName,
      ...(def.displayName !== undefined && { displayName: def.displayName }),
      required: info.constraints?.required === true,
      entityTypes: applicableEntityTypes(info),
      ...(info.constraints && { constraints: info.constraints }),
      applicable: c.applicable,
      compliant: c.applicable - c.missing - c.invalid,
      missing: c.missing,
      invalid: c.invalid,
      missingSamples: c.missingSamples,
      invalidSamples: c.invalidSamples,
    };
  });
}
