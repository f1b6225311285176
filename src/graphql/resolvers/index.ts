/** The one resolver table: every area's parts, merged type by type and field by field in this one place. */
import { accessTokenResolvers } from './access/access-tokens.js';
import { accessControlResolvers } from './access/access-control.js';
import { baseResolvers } from './base.js';
import { historyResolvers } from './history.js';
import { lineageMutationResolvers } from './lineage.js';
import { contextResolvers } from './context-reads.js';
import { containerResolvers } from './container-entities.js';
import { aggregateAcrossEntities } from './search/aggregate-across-entities.js';
import { autoComplete, autoCompleteForMultiple } from './search/auto-complete.js';
import { scrollAcrossEntities } from './search/scroll-across-entities.js';
import { searchAcrossEntities } from './search/search-across-entities.js';
import { scrollAcrossLineage, searchAcrossLineage } from './search/search-across-lineage.js';
import { definitionTypeResolvers } from './structured-properties/definition-types.js';
import { propertyMutationResolvers } from './structured-properties/mutations.js';
import { propertyValueResolvers } from './structured-properties/property-values.js';
import { propertyRuleResolvers } from './structured-properties/property-rules.js';
import { associationMutationResolvers } from './tags/association-mutations.js';
import { associationEditResolvers } from './association-edits.js';
import { schemaReadResolvers } from './tags/schema-reads.js';
import { tagMutationResolvers } from './tags/tag-mutations.js';
import { tagTypeResolvers } from './tags/tag-type.js';
import { timeseriesResolvers } from './timeseries.js';
import { entityDetailResolvers } from './entity-details.js';
import { documentReadResolvers } from './document-reads.js';
import { formResolvers } from './forms.js';
import { assertionInfoResolvers } from './assertion-info.js';
import { documentResolvers } from './documents.js';
import { queryResolvers } from './queries.js';
import { reportOperationResolvers } from './report-operation.js';
import { assertionRunResolvers } from './assertion-runs.js';
import { ingestionSourceResolvers } from './ingestion-sources.js';
import { appConfigResolvers } from './app-config.js';
import { platformInstanceResolvers } from './platform-instances.js';
import { search } from './search/search-one-type.js';
import { registryResolvers } from '../registry-types.js';

type ResolverMap = Record<string, Record<string, unknown>>;

// Tessera keeps no saved views: the original's clients ask for the default one before searching, and get none.
const globalViewsSettings = () => ({ defaultView: null });
const searchResolvers = { Query: { globalViewsSettings, search, searchAcrossEntities, searchAcrossLineage, scrollAcrossLineage, scrollAcrossEntities, aggregateAcrossEntities, autoComplete, autoCompleteForMultiple } };

const PARTS: ResolverMap[] = [
  baseResolvers,
  contextResolvers,
  containerResolvers as ResolverMap,
  tagTypeResolvers,
  tagMutationResolvers,
  associationMutationResolvers,
  associationEditResolvers,
  schemaReadResolvers,
  definitionTypeResolvers,
  propertyValueResolvers,
  propertyMutationResolvers,
  propertyRuleResolvers as ResolverMap,
  searchResolvers as ResolverMap,
  accessTokenResolvers as ResolverMap,
  accessControlResolvers as ResolverMap,
  historyResolvers as ResolverMap,
  lineageMutationResolvers as ResolverMap,
  timeseriesResolvers as ResolverMap,
  entityDetailResolvers as ResolverMap,
  documentReadResolvers as ResolverMap,
  formResolvers as ResolverMap,
  assertionInfoResolvers as ResolverMap,
  documentResolvers as ResolverMap,
  queryResolvers as ResolverMap,
  reportOperationResolvers as ResolverMap,
  assertionRunResolvers as ResolverMap,
  ingestionSourceResolvers as ResolverMap,
  appConfigResolvers as ResolverMap,
  platformInstanceResolvers as ResolverMap,
  // Last: only fields no other part resolves (registry-types.ts adds them where no schema file declares them).
  registryResolvers(),
];

export function mergeResolvers(maps: ResolverMap[]): ResolverMap {
  const out: ResolverMap = {};
  for (const m of maps) for (const [type, fields] of Object.entries(m)) out[type] = { ...(out[type] ?? {}), ...fields };
  return out;
}

export const resolvers = mergeResolvers(PARTS);
