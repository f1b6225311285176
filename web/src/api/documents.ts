/**
 * The GraphQL documents of the search page and the property list, as plain text with no imports: the page sends them,
 * and the engine-call test sends the very same ones.
 */

export const VALUE_FIELDS = '... on StringValue { stringValue } ... on NumberValue { numberValue }';

export const DEFINITION_FIELDS = `qualifiedName displayName description cardinality
  valueType { info { type } } entityTypes { info { type } }
  allowedValues { value { ${VALUE_FIELDS} } description }`;

/** Every live definition with its display settings. */
export const DEFINITIONS = `query definitions {
  searchAcrossEntities(input: { types: [STRUCTURED_PROPERTY], query: "*", count: 1000 }) {
    searchResults { entity { urn ... on StructuredPropertyEntity { definition { ${DEFINITION_FIELDS} } settings { isHidden showInSearchFilters } } } }
  }
}`;

export const TAG_FIELDS = 'urn properties { name colorHex }';

const COMMON = `tags { tags { tag { ${TAG_FIELDS} } } }
  structuredProperties { properties { structuredProperty { urn definition { displayName qualifiedName } } values { ${VALUE_FIELDS} } } }`;

/** One page of results with what the result list shows. */
export const RESULTS_PAGE = `query results($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) {
    nextScrollId total
    searchResults { entity { urn type
      ... on Dataset { name platform { name } properties { name description } ${COMMON} }
      ... on SchemaFieldEntity { fieldPath parent { urn } ${COMMON} }
      ... on DataFlow { flowId orchestrator ${COMMON} }
      ... on DataJob { jobId ${COMMON} }
    } }
  }
}`;
