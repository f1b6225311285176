/** Live (not soft-deleted) structured property definitions as GraphQL answers them, and how to read their values. */
import { query } from './graphql';

export type ValueKind = 'STRING' | 'NUMBER' | 'URN' | 'RICH_TEXT' | 'DATE' | 'OTHER';

export interface AllowedValue {
  value: string | number;
  description: string | null;
}

export interface Definition {
  urn: string;
  qualifiedName: string;
  displayName: string | null;
  description: string | null;
  cardinality: 'SINGLE' | 'MULTIPLE';
  valueKind: ValueKind;
  entityTypes: string[];
  allowedValues: AllowedValue[];
}

export type PropertyValue = { stringValue: string } | { numberValue: number };

export const VALUE_FIELDS = '... on StringValue { stringValue } ... on NumberValue { numberValue }';

export const DEFINITION_FIELDS = `qualifiedName displayName description cardinality
  valueType { info { type } } entityTypes { info { type } }
  allowedValues { value { ${VALUE_FIELDS} } description }`;

interface RawDefinition {
  qualifiedName: string;
  displayName: string | null;
  description: string | null;
  cardinality: 'SINGLE' | 'MULTIPLE' | null;
  valueType: { info: { type: ValueKind } };
  entityTypes: { info: { type: string } }[];
  allowedValues: { value: PropertyValue; description: string | null }[] | null;
}

export function toDefinition(urn: string, d: RawDefinition): Definition {
  return {
    urn,
    qualifiedName: d.qualifiedName,
    displayName: d.displayName,
    description: d.description,
    cardinality: d.cardinality ?? 'SINGLE',
    valueKind: d.valueType.info.type,
    entityTypes: d.entityTypes.map((t) => t.info.type),
    allowedValues: (d.allowedValues ?? []).map((a) => ({ value: valueOf(a.value), description: a.description })),
  };
}

export const valueOf = (v: PropertyValue): string | number => ('stringValue' in v ? v.stringValue : v.numberValue);

export const labelOf = (d: Pick<Definition, 'displayName' | 'qualifiedName'>): string => d.displayName || d.qualifiedName;

const LIST = `query definitions {
  searchAcrossEntities(input: { types: [STRUCTURED_PROPERTY], query: "*", count: 1000 }) {
    searchResults { entity { urn ... on StructuredPropertyEntity { definition { ${DEFINITION_FIELDS} } } } }
  }
}`;

/** Every live definition (soft-deleted ones are left out by search), sorted by label. */
export async function loadDefinitions(): Promise<Definition[]> {
  const data = await query<{ searchAcrossEntities: { searchResults: { entity: { urn: string; definition: RawDefinition } }[] } }>(LIST);
  return data.searchAcrossEntities.searchResults
    .map((r) => toDefinition(r.entity.urn, r.entity.definition))
    .sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
}
