/**
 * The fields GraphQL offers on the object of a registered entity type, decided by its registry row alone: the schema
 * adds those no schema file declares (src/graphql/registry-types.ts) and the web page asks for them (web/src/api).
 * Pure data in, names out: the web page bundles this file.
 */
import { LINEAGE_ASPECTS } from '../lineage-edges.js';

/** A registry row as far as this needs it. */
export interface PresentedRow {
  name?: string;
  aspects: readonly string[];
  nameFrom?: readonly string[];
  descriptionFrom?: readonly string[];
  key?: readonly { field: string; kind: string; entityType?: string }[];
}

/** The aspects holding what people edited on an entity's page (one per type), read as `editableProperties`. */
export const EDITABLE_PROPERTIES_ASPECTS: readonly string[] = [
  'editableDatasetProperties', 'editableContainerProperties', 'editableChartProperties', 'editableDashboardProperties',
  'editableDataFlowProperties', 'editableDataJobProperties', 'editableMlModelProperties', 'editableMlModelGroupProperties',
  'editableMlFeatureProperties', 'editableMlFeatureTableProperties', 'editableMlPrimaryKeyProperties',
];

/** String key fields naming a platform by its name (a flow's orchestrator, a chart's or dashboard's tool). */
export const PLATFORM_NAME_KEY_FIELDS: readonly string[] = ['orchestrator', 'dashboardTool'];

/** Whether the type knows its platform: from its URN's key, or from a dataPlatformInstance aspect. */
export const knowsPlatform = (row: PresentedRow): boolean =>
  row.aspects.includes('dataPlatformInstance') ||
  (row.key ?? []).some((k) => (k.kind === 'urn' && k.entityType === 'dataPlatform') || PLATFORM_NAME_KEY_FIELDS.includes(k.field));

/**
 * Each field and the aspect the type must carry for it (`anyOf`: one of these); `named`: the row says where its name
 * comes from.
 */
export const PRESENTED_FIELDS: readonly { field: string; aspect?: string; anyOf?: readonly string[]; named?: boolean; types?: readonly string[]; when?: (row: PresentedRow) => boolean }[] = [
  { field: 'exists' },
  { field: 'status', aspect: 'status' },
  { field: 'name', named: true },
  { field: 'properties', named: true },
  { field: 'tags', aspect: 'globalTags' },
  { field: 'glossaryTerms', aspect: 'glossaryTerms' },
  { field: 'ownership', aspect: 'ownership' },
  { field: 'domain', aspect: 'domains' },
  { field: 'structuredProperties', aspect: 'structuredProperties' },
  { field: 'container', aspect: 'container' },
  { field: 'parentContainers', aspect: 'container' },
  { field: 'subTypes', aspect: 'subTypes' },
  // A type whose aspects can name lineage; the others are found through it (a table named by a job).
  { field: 'lineage', anyOf: LINEAGE_ASPECTS },
  // A column's lineage is named by its dataset's and jobs' fineGrainedLineages, not by aspects of its own.
  { field: 'lineage', types: ['schemaField'] },
  { field: 'deprecation', aspect: 'deprecation' },
  { field: 'editableProperties', anyOf: EDITABLE_PROPERTIES_ASPECTS },
  { field: 'browsePathV2', aspect: 'browsePathsV2' },
  { field: 'platform', when: knowsPlatform },
  { field: 'origin', when: (row) => (row.key ?? []).some((k) => k.kind === 'fabric') },
  // The original's ML types carry their description at the top as well as in their properties.
  { field: 'description', named: true, types: ['mlModel', 'mlModelGroup', 'mlFeature', 'mlFeatureTable', 'mlPrimaryKey'] },
  { field: 'health' },
  { field: 'relationships' },
];

const isNamed = (row: PresentedRow) => (row.nameFrom?.length ?? 0) + (row.descriptionFrom?.length ?? 0) > 0;

export function presentedFields(row: PresentedRow): Set<string> {
  const carries = (f: (typeof PRESENTED_FIELDS)[number]) =>
    (!f.aspect || row.aspects.includes(f.aspect)) && (!f.anyOf || f.anyOf.some((a) => row.aspects.includes(a))) && (!f.types || (row.name !== undefined && f.types.includes(row.name))) && (!f.when || f.when(row));
  return new Set(PRESENTED_FIELDS.filter((f) => carries(f) && (!f.named || isNamed(row))).map((f) => f.field));
}
