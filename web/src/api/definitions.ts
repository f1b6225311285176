/** Live (not soft-deleted) structured property definitions as GraphQL answers them, and how to read their values. */
import { DEFINITIONS } from './documents';
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
  /** The definition's settings: always offered as a search filter; hidden from the page. */
  showInSearchFilters: boolean;
  hidden: boolean;
}

interface RawSettings {
  isHidden: boolean;
  showInSearchFilters: boolean;
}

export type PropertyValue = { stringValue: string } | { numberValue: number };

export { DEFINITION_FIELDS, VALUE_FIELDS } from './documents';

interface RawDefinition {
  qualifiedName: string;
  displayName: string | null;
  description: string | null;
  cardinality: 'SINGLE' | 'MULTIPLE' | null;
  valueType: { info: { type: ValueKind } };
  entityTypes: { info: { type: string } }[];
  allowedValues: { value: PropertyValue; description: string | null }[] | null;
}

export function toDefinition(urn: string, d: RawDefinition, settings?: RawSettings | null): Definition {
  return {
    showInSearchFilters: settings?.showInSearchFilters ?? false,
    hidden: settings?.isHidden ?? false,
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

/** Labels for a list people pick from: the display name, with the qualified name where two display names are alike. */
export function distinctLabels(defs: readonly Definition[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const d of defs) count.set(labelOf(d).toLowerCase(), (count.get(labelOf(d).toLowerCase()) ?? 0) + 1);
  return new Map(defs.map((d) => [d.urn, (count.get(labelOf(d).toLowerCase()) ?? 0) > 1 && d.displayName ? `${d.displayName} (${d.qualifiedName})` : labelOf(d)]));
}


/** Every live definition (soft-deleted ones are left out by search), sorted by label. */
export async function loadDefinitions(): Promise<Definition[]> {
  const data = await query<{ searchAcrossEntities: { searchResults: { entity: { urn: string; definition: RawDefinition; settings: RawSettings | null } }[] } }>(DEFINITIONS);
  return data.searchAcrossEntities.searchResults
    .map((r) => toDefinition(r.entity.urn, r.entity.definition, r.entity.settings))
    .sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
}
