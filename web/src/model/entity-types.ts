/**
 * The entity types the page lists (search, property targets): the rows of the entity registry with a label
 * (src/model/registry/entities.json), each with its URL/REST id, GraphQL enum and object names, and the GraphQL fields
 * its object offers.
 */
import registry from '../../../src/model/registry/entities.json' with { type: 'json' };
import { presentedFields } from '../../../src/model/registry/presented-fields';

export interface EntityTypeInfo {
  id: string;
  graphql: string;
  object: string;
  label: string;
  fields: Set<string>;
}

export const ENTITY_TYPES: readonly EntityTypeInfo[] = registry.entities.flatMap((row) =>
  'label' in row && row.label && row.graphqlObject ? [{ id: row.name, graphql: row.graphqlType, object: row.graphqlObject, label: row.label, fields: presentedFields(row) }] : [],
);

/** The listed type an entity URN is of, if any. */
export const entityTypeOfUrn = (urn: string): EntityTypeInfo | undefined => {
  const name = /^urn:li:([A-Za-z]+):/.exec(urn)?.[1]?.toLowerCase();
  return ENTITY_TYPES.find((t) => t.id.toLowerCase() === name);
};

/** What one entity of a type is called ("Data job" for DATA_JOB); the GraphQL name for a type not listed. */
export function singularLabel(graphqlType: string): string {
  const label = ENTITY_TYPES.find((t) => t.graphql === graphqlType)?.label;
  if (!label) return graphqlType;
  return label.endsWith('ies') ? `${label.slice(0, -3)}y` : label.replace(/s$/, '');
}
