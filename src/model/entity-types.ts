/** The entity types the catalog stores: their key aspects, the aspects each may carry, and their GraphQL names. */
import type { Urn } from './urn.js';

export interface EntityTypeDef {
  name: string;
  graphqlType: string;
  keyAspect: string;
  aspects: readonly string[];
  /** In the default type list of cross-entity search. */
  searchable: boolean;
  keyFromUrn(urn: Urn): Record<string, unknown>;
}

const common = ['status', 'globalTags', 'glossaryTerms', 'ownership', 'institutionalMemory', 'structuredProperties', 'subTypes', 'browsePathsV2', 'dataPlatformInstance'];

const defs: EntityTypeDef[] = [
  {
    name: 'dataset', graphqlType: 'DATASET', keyAspect: 'datasetKey', searchable: true,
    aspects: ['datasetProperties', 'schemaMetadata', 'editableSchemaMetadata', 'editableDatasetProperties', 'upstreamLineage', 'domains', ...common],
    keyFromUrn: (u) => ({ platform: u.parts[0], name: u.parts.slice(1, -1).join(','), origin: u.parts[u.parts.length - 1] }),
  },
  {
    name: 'schemaField', graphqlType: 'SCHEMA_FIELD', keyAspect: 'schemaFieldKey', searchable: true,
    aspects: ['status', 'globalTags', 'glossaryTerms', 'structuredProperties'],
    keyFromUrn: (u) => ({ parent: u.parts[0], fieldPath: u.parts.slice(1).join(',') }),
  },
  {
    name: 'dataFlow', graphqlType: 'DATA_FLOW', keyAspect: 'dataFlowKey', searchable: true,
    aspects: ['dataFlowInfo', 'domains', ...common],
    keyFromUrn: (u) => ({ orchestrator: u.parts[0], flowId: u.parts[1], cluster: u.parts[2] }),
  },
  {
    name: 'dataJob', graphqlType: 'DATA_JOB', keyAspect: 'dataJobKey', searchable: true,
    aspects: ['dataJobInfo', 'domains', ...common],
    keyFromUrn: (u) => ({ flow: u.parts[0], jobId: u.parts[1] }),
  },
  {
    name: 'tag', graphqlType: 'TAG', keyAspect: 'tagKey', searchable: true,
    aspects: ['tagProperties', 'ownership', 'status', 'structuredProperties'],
    keyFromUrn: (u) => ({ name: u.id }),
  },
  {
    name: 'structuredProperty', graphqlType: 'STRUCTURED_PROPERTY', keyAspect: 'structuredPropertyKey', searchable: false,
    aspects: ['propertyDefinition', 'structuredPropertySettings', 'structuredPropertyConstraints', 'institutionalMemory', 'status'],
    keyFromUrn: (u) => ({ id: u.id }),
  },
  {
    name: 'corpuser', graphqlType: 'CORP_USER', keyAspect: 'corpUserKey', searchable: true,
    aspects: ['corpUserInfo', 'status', 'globalTags', 'structuredProperties'],
    keyFromUrn: (u) => ({ username: u.id }),
  },
  {
    name: 'dataType', graphqlType: 'DATA_TYPE', keyAspect: 'dataTypeKey', searchable: false,
    aspects: ['dataTypeInfo'],
    keyFromUrn: (u) => ({ id: u.id }),
  },
  {
    name: 'entityType', graphqlType: 'ENTITY_TYPE', keyAspect: 'entityTypeKey', searchable: false,
    aspects: ['entityTypeInfo'],
    keyFromUrn: (u) => ({ id: u.id }),
  },
  {
    name: 'dataPlatform', graphqlType: 'DATA_PLATFORM', keyAspect: 'dataPlatformKey', searchable: false,
    aspects: ['dataPlatformInfo'],
    keyFromUrn: (u) => ({ platformName: u.id }),
  },
  // Business terms: the original's client checks that the terms a dataset file names exist before writing it.
  {
    name: 'glossaryTerm', graphqlType: 'OTHER', keyAspect: 'glossaryTermKey', searchable: false,
    aspects: ['glossaryTermInfo', 'ownership', 'status', 'institutionalMemory', 'domains'],
    keyFromUrn: (u) => ({ name: u.id }),
  },
  // What the original's ingestion pipelines report about their own runs; stored, never searched.
  {
    name: 'dataHubIngestionSource', graphqlType: 'OTHER', keyAspect: 'dataHubIngestionSourceKey', searchable: false,
    aspects: ['dataHubIngestionSourceInfo'],
    keyFromUrn: (u) => ({ id: u.id }),
  },
  {
    name: 'dataHubExecutionRequest', graphqlType: 'OTHER', keyAspect: 'dataHubExecutionRequestKey', searchable: false,
    aspects: ['dataHubExecutionRequestInput', 'dataHubExecutionRequestSignal', 'dataHubExecutionRequestResult'],
    keyFromUrn: (u) => ({ id: u.id }),
  },
];

export const ENTITY_TYPES: readonly EntityTypeDef[] = defs;
const byLower = new Map(defs.map((d) => [d.name.toLowerCase(), d]));
const byGraphql = new Map(defs.filter((d) => d.graphqlType !== 'OTHER').map((d) => [d.graphqlType, d]));

/** Entity names in paths are case-insensitive, as in the original. */
export const findEntityType = (name: string): EntityTypeDef | undefined => byLower.get(name.toLowerCase());
export const findEntityTypeByGraphql = (t: string): EntityTypeDef | undefined => byGraphql.get(t);

/** The canonical spelling of an aspect name valid for the entity type (case-insensitive lookup), or undefined. */
export function findAspectName(def: EntityTypeDef, aspect: string): string | undefined {
  const lower = aspect.toLowerCase();
  if (def.keyAspect.toLowerCase() === lower) return def.keyAspect;
  return def.aspects.find((a) => a.toLowerCase() === lower);
}

/** Aspects that annotate an existing entity: writing them never creates the entity. */
export const ANNOTATION_ASPECTS = new Set(['globalTags', 'editableSchemaMetadata', 'structuredProperties']);

/** `urn:li:entityType:service.dataset` ⇄ `dataset`; the original's `datahub.` brand is accepted too. */
export function entityTypeUrnToName(urn: string): string | undefined {
  const m = /^urn:li:entityType:(?:service\.|datahub\.)?([A-Za-z][A-Za-z0-9]*)$/.exec(urn);
  return m ? findEntityType(m[1])?.name ?? undefined : undefined;
}
export const entityTypeUrn = (name: string) => `urn:li:entityType:service.${name}`;
