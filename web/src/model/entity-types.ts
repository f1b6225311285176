/** The entity types the page searches and properties apply to: URL/REST id, GraphQL enum name and label. */
export const ENTITY_TYPES = [
  { id: 'dataset', graphql: 'DATASET', label: 'Datasets' },
  { id: 'schemaField', graphql: 'SCHEMA_FIELD', label: 'Columns' },
  { id: 'dataFlow', graphql: 'DATA_FLOW', label: 'Data flows' },
  { id: 'dataJob', graphql: 'DATA_JOB', label: 'Data jobs' },
] as const;

export type EntityTypeInfo = (typeof ENTITY_TYPES)[number];
