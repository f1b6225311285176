/**
 * The GraphQL documents of the search page and the property list, as plain text (built from the entity registry's
 * rows and nothing else): the page sends them, and the engine-call test sends the very same ones.
 */
import { ENTITY_TYPES } from '../model/entity-types';

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

/** An asset's tags, and its property values with each property's names: every page selects them alike. */
export const TAGS = `tags { tags { tag { ${TAG_FIELDS} } } }`;
export const ENTRY = `properties { structuredProperty { urn definition { displayName qualifiedName } } values { ${VALUE_FIELDS} } }`;

/** Who set a value, where a page says so (the dataset page). */
export const ATTRIBUTION = 'attribution { time actor { urn } sourceDetail { key value } }';
export const TAGS_SET_BY = `tags { tags { tag { ${TAG_FIELDS} } ${ATTRIBUTION} } }`;
export const ENTRY_SET_BY = `properties { structuredProperty { urn definition { displayName qualifiedName } } values { ${VALUE_FIELDS} } ${ATTRIBUTION} }`;

const COMMON = `${TAGS}
  structuredProperties { ${ENTRY} }`;

/** Why a hit matched; the engine works it out only when it is selected and highlighting is not skipped. */
const MATCHED_FIELDS = 'matchedFields { name value entity { urn ... on Tag { properties { name } } ... on GlossaryTerm { name } } }';

const HAND_WRITTEN = new Set(['Dataset', 'SchemaFieldEntity', 'DataFlow', 'DataJob']);
const COMMON_PARTS: [string, string][] = [
  ['name', 'name'],
  ['properties', 'properties { name description }'],
  ['tags', TAGS],
  ['structuredProperties', `structuredProperties { ${ENTRY} }`],
];
/** The other listed types: what their objects offer of the same (src/model/registry/presented-fields.ts). */
const REGISTERED = ENTITY_TYPES.filter((t) => !HAND_WRITTEN.has(t.object))
  .map((t) => `... on ${t.object} { urn ${COMMON_PARTS.filter(([field]) => t.fields.has(field)).map(([, sel]) => sel).join(' ')} }`)
  .join('\n      ');

/** What names an entity of any listed type, as the result list titles it (lineage nodes, impact rows). */
export const NAME_FIELDS = `... on Dataset { name properties { name } }
      ... on SchemaFieldEntity { fieldPath parent { urn } }
      ... on DataFlow { flowId }
      ... on DataJob { jobId }
      ${ENTITY_TYPES.filter((t) => !HAND_WRITTEN.has(t.object) && (t.fields.has('name') || t.fields.has('properties')))
        .map((t) => `... on ${t.object} { ${t.fields.has('name') ? 'name ' : ''}${t.fields.has('properties') ? 'properties { name }' : ''} }`)
        .join('\n      ')}`;

/** One page of results with what the result list shows. */
export const RESULTS_PAGE = `query results($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) {
    nextScrollId total
    searchResults { ${MATCHED_FIELDS} entity { urn type
      ... on Dataset { name platform { name } properties { name description } ${COMMON} }
      ... on SchemaFieldEntity { fieldPath parent { urn } ${COMMON} }
      ... on DataFlow { flowId orchestrator ${COMMON} }
      ... on DataJob { jobId ${COMMON} }
      ${REGISTERED}
    } }
  }
}`;

/** Datasets whose names start with (a word of) what is typed, for the search box's suggestion list. */
export const DATASET_SUGGESTIONS = `query suggestions($input: AutoCompleteMultipleInput!) {
  autoCompleteForMultiple(input: $input) {
    suggestions { type suggestions entities { urn type ... on Dataset { name platform { name } properties { name } } } }
  }
}`;
