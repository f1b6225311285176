/** The shapes of a structured property definition as the catalog holds it (types only, so any module may name them). */
import type { StructuredPropertyConstraints } from '../model/aspects/structured-property-constraints.js';

export interface PropertyDefinitionValue {
  qualifiedName: string;
  valueType: string;
  cardinality?: 'SINGLE' | 'MULTIPLE';
  entityTypes: string[];
  allowedValues?: { value: { string?: string; double?: number }; description?: string }[];
  version?: string;
  immutable?: boolean;
  [k: string]: unknown;
}

/** Tessera's own value rules (`structuredPropertyConstraints`), as its schema in model/aspects defines them. */
export type PropertyConstraintsValue = StructuredPropertyConstraints;

export interface DefinitionInfo {
  urn: string;
  definition: PropertyDefinitionValue;
  constraints?: PropertyConstraintsValue;
  removed: boolean;
  /** Changes when a property is hard deleted and created again, so old values never resurface. */
  generation: string;
}


/** Definitions already fetched during one write attempt or one read request, so each is fetched once. */
export type DefinitionMemo = Map<string, Promise<DefinitionInfo | undefined>>;
