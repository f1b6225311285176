/** The contract between search translation and the caller's (async) field lookups: a user field name resolved to an index field. */
export type FieldKind = 'keyword' | 'text' | 'double' | 'date' | 'boolean';

export interface ResolvedField {
  /** As the user wrote it. */
  name: string;
  /** The OpenSearch field. */
  path: string;
  kind: FieldKind;
  /** Analysed sub-field used when the user writes `field:word` without quotes or wildcards. */
  textPath?: string;
  /** The value as the index stores it, from what a person types (`hive` → `urn:li:dataPlatform:hive`, `prod` → `PROD`). */
  normalise?: (text: string) => string;
  /** A word matches anywhere inside the value, in any letter case (`column:email` finds `customer_email`). */
  contains?: boolean;
  /** The field a facet counts, where it differs from the one filters compare (owners: URNs counted, ids compared). */
  facetPath?: string;
  /** What holding any value means where it is not the field existing (a registry search field shares `typeFields`). */
  exists?: object;
  structuredPropertyUrn?: string;
  /** Documents holding a value that breaks the property's rules (the `INVALID` condition); none when it has no rules. */
  invalid?: object;
  /** A facet counted as named buckets of queries (a property's compliance: COMPLIANT, MISSING, INVALID). */
  buckets?: Record<string, object>;
  /** A facet with nothing to count (a structured property that does not exist or is soft-deleted): answered empty, never sent to the engine. */
  empty?: boolean;
}

/** Throws SearchInputError for unknown or forbidden fields. */
export type FieldResolver = (name: string) => ResolvedField;
