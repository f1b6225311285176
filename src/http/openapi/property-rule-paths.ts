/** The stewardship paths of the API document for structured properties: rules, compliance, value migration. */
import { errorResponses } from './responses.js';

const query = (name: string, description: string, type = 'string') => ({ name, in: 'query', required: false, description, schema: { type } });
const json = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const body = (required: string[], properties: Record<string, object>) => ({ required: true, content: { 'application/json': { schema: { type: 'object', required, properties } } } });

export function propertyRulePaths(): Record<string, object> {
  return {
    '/openapi/v3/structuredProperties/constraints': {
      post: {
        tags: ['Stewardship'],
        operationId: 'setStructuredPropertyConstraints',
        summary: "Sets (or, with constraints null, clears) a structured property's value rules; tightening that stored values would break is refused; dryRun previews",
        parameters: [query('dryRun', 'Preview only (also in the body)', 'boolean'), query('waitForSearch', 'Answer once the change is visible to searches', 'boolean')],
        requestBody: body(['urn', 'constraints'], {
          urn: { type: 'string' },
          dryRun: { type: 'boolean' },
          constraints: { type: 'object', nullable: true, description: 'required, requiredEntityTypes, requiredPlatforms, min, max, pattern, minLength, maxLength, after, before, minCount, maxCount' },
        }),
        responses: { '200': json('{urn, dryRun, applied, constraints, problems, breaking: {entities, samples}}'), ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND') },
      },
    },
    '/openapi/v3/structuredProperties/compliance': {
      get: {
        tags: ['Stewardship'],
        operationId: 'structuredPropertyCompliance',
        summary: 'How many entities comply with each property, miss a value or hold an invalid one (every required property when none is named)',
        parameters: [query('property', 'Qualified names or URNs, repeated or comma-separated'), query('samples', 'Entities named per state (default 10, at most 100)', 'integer')],
        responses: {
          '200': json('{properties: [{urn, qualifiedName, required, entityTypes, constraints, applicable, compliant, missing, invalid, missingSamples, invalidSamples}]}'),
          ...errorResponses('VALIDATION', 'NOT_FOUND'),
        },
      },
    },
    '/openapi/v3/structuredProperties/migrations': {
      post: {
        tags: ['Stewardship'],
        operationId: 'migrateStructuredProperty',
        summary: 'A new version of a property (value type, cardinality, allowed values, rules) with its values migrated by a durable job; dryRun answers the counts with samples',
        parameters: [query('dryRun', 'Preview only (also in the body)', 'boolean')],
        requestBody: body(['urn', 'version'], {
          urn: { type: 'string' },
          version: { type: 'string', description: '14 digits, higher than the stored version' },
          valueType: { type: 'string' },
          cardinality: { type: 'string', enum: ['SINGLE', 'MULTIPLE'] },
          allowedValues: { type: 'array', nullable: true, items: { type: 'object' } },
          constraints: { type: 'object', nullable: true },
          migration: { type: 'object', description: '{values: [{from, to|null}], cardinality: KEEP_FIRST|KEEP_ALL|DROP}' },
          dryRun: { type: 'boolean' },
        }),
        responses: {
          '200': json('Preview: {dryRun: true, fromVersion, toVersion, entities, migrated, emptied, values: {kept, mapped, converted, dropped}, samples}'),
          '202': json('Started: {dryRun: false, fromVersion, toVersion, job: {id, href}}; follow the job at GET /openapi/v3/jobs/{id}'),
          ...errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
  };
}
