/** The history and events paths of the API document: timelines, asOf, the original's timeline shape, the event poll. */
import { pathParameter } from './parameters.js';
import { errorResponses } from './responses.js';

const object = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });
const array = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } });
const tags = ['History and events'];
const query = (name: string, description: string, type = 'string') => ({ name, in: 'query', required: false, description, schema: { type } });
const urn = pathParameter('urn', 'The entity urn (percent-encoded)');

const FILTERS = [
  query('startTime', 'From this time on (inclusive): milliseconds since the epoch or ISO-8601'),
  query('endTime', 'Up to this time (inclusive): milliseconds since the epoch or ISO-8601'),
  query('category', 'Change categories, repeated or comma-separated: TAG, GLOSSARY_TERM, STRUCTURED_PROPERTY, DOCUMENTATION, DEFINITION, STATUS, LIFECYCLE, OWNER, TECHNICAL_SCHEMA, ASPECT'),
  query('actor', 'Only changes by these actors (urns)'),
  query('propertyUrn', 'Only changes of these structured properties'),
  query('tagUrn', 'Only changes of these tags'),
  query('fieldPath', 'Only changes of this column'),
  query('count', 'Changes per page (1-1000, default 100)', 'integer'),
  query('cursor', 'The cursor the previous page answered'),
  query('order', 'asc (default, oldest first) or desc'),
];
const PAGE = '{urn?, count, changes: [{id, seq, urn, entityType, version, aspect, category, operation, modifier?, fieldPath?, before?, after?, actor, tokenId?, via, time}], cursor?}';

export function historyPaths(): Record<string, object> {
  return {
    '/openapi/v3/timeline/{urn}': {
      get: {
        tags,
        operationId: 'entityHistory',
        summary: "An entity's change records, oldest first (changes not relayed yet come last, with seq null and pending true)",
        parameters: [urn, ...FILTERS],
        responses: { '200': object(PAGE), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v3/timeline/{urn}/as-of': {
      get: {
        tags,
        operationId: 'entityAsOf',
        summary: "An entity's aspects as they were at a time, rebuilt from its change records",
        parameters: [urn, { ...query('time', 'Milliseconds since the epoch or ISO-8601'), required: true }],
        responses: { '200': object('{urn, asOf, exists, aspects}'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v3/history': {
      get: {
        tags,
        operationId: 'catalogHistory',
        summary: 'Change records across the catalog, in global sequence order',
        parameters: [query('urn', 'Only this entity'), ...FILTERS],
        responses: { '200': object(PAGE), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/timeline/v1/{urn}': {
      get: {
        tags,
        operationId: 'originalTimeline',
        summary: "The original's timeline: ChangeTransactions (one per entity version) with their changeEvents",
        parameters: [urn, query('categories', 'Change categories'), query('startTime', 'Milliseconds since the epoch'), query('endTime', 'Milliseconds since the epoch')],
        responses: { '200': array('[{timestamp, actor, semVer, semVerChange, versionStamp, changeEvents: [{changeType, target, category, modifier?, description, parameters?, auditStamp, before?, after?}]}]'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v1/events/poll': {
      get: {
        tags,
        operationId: 'pollEvents',
        summary: 'Events after an offset in sequence order, long-polling up to the timeout (GET_PLATFORM_EVENTS)',
        parameters: [
          query('topic', 'PlatformEvent_v1 (default), or MetadataChangeLog_Versioned_v1 (one change log per aspect an entity version changed, with the aspect after and before)'),
          query('offsetId', 'The offset the previous poll answered; without it: the named consumer\'s stored offset, else the newest event'),
          query('limit', 'Events at most (default 100, capped at 5000)', 'integer'),
          query('pollTimeoutSeconds', 'How long to wait for an event (default 5, capped at 60)', 'integer'),
          query('lookbackWindowDays', 'Without an offset: start this many days back', 'integer'),
          query('consumer', 'A named consumer whose stored offset is used when offsetId is absent'),
        ],
        responses: { '200': object('{count, offsetId, events: [{contentType, value: PlatformEvent or MetadataChangeLog JSON}]}'), '410': object('The offset is older than the events kept'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v3/events/retention/run': {
      post: {
        tags,
        operationId: 'runEventRetention',
        summary: 'Removes change records older than EVENTS_RETENTION_DAYS (MANAGE_POLICIES); 400 when retention is 0 (kept for ever)',
        responses: { '200': object('{removed, removedBefore, retentionDays, oldestSeqKept}'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    '/openapi/v1/events/consumers/{name}': {
      get: { tags, operationId: 'readConsumerOffset', summary: "A named consumer's stored offset", parameters: [pathParameter('name', 'Consumer name')], responses: { '200': object('{consumer, offsetId}'), ...errorResponses('VALIDATION', 'FORBIDDEN') } },
      put: {
        tags,
        operationId: 'storeConsumerOffset',
        summary: "Stores a named consumer's offset once it has handled the events up to it",
        parameters: [pathParameter('name', 'Consumer name')],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { offsetId: { type: 'string' } }, required: ['offsetId'] } } } },
        responses: { '200': object('{consumer, offsetId}'), ...errorResponses('VALIDATION', 'FORBIDDEN') },
      },
    },
    ...webhookPaths(),
  };
}

const WEBHOOK = '{url, filter?: {categories?, operations?, entityTypes?, urns?, tags?, properties?}, description?, enabled?}';
const id = pathParameter('id', 'The webhook id');

function webhookPaths(): Record<string, object> {
  const wtags = ['Webhooks'];
  const refusals = errorResponses('VALIDATION', 'FORBIDDEN', 'NOT_FOUND');
  const body = { required: true, content: { 'application/json': { schema: { type: 'object' } } }, description: WEBHOOK };
  return {
    '/openapi/v3/webhooks': {
      get: { tags: wtags, operationId: 'listWebhooks', summary: 'Webhook subscriptions (MANAGE_WEBHOOKS)', responses: { '200': object('{webhooks}'), ...refusals } },
      post: { tags: wtags, operationId: 'createWebhook', summary: 'Subscribe a URL to change events; the answer shows its signing secret once', requestBody: body, responses: { '201': object('The webhook with `secret` (whsec_…)'), ...refusals } },
    },
    '/openapi/v3/webhooks/{id}': {
      get: { tags: wtags, operationId: 'getWebhook', summary: 'One webhook: filter, enabled, why disabled, position', parameters: [id], responses: { '200': object('The webhook'), ...refusals } },
      put: { tags: wtags, operationId: 'updateWebhook', summary: 'Change url, filter, description or enabled (enabling clears why it was disabled)', parameters: [id], requestBody: body, responses: { '200': object('The webhook'), ...refusals } },
      delete: { tags: wtags, operationId: 'deleteWebhook', summary: 'Delete a webhook and its deliveries', parameters: [id], responses: { '200': object('{deleted}'), ...refusals } },
    },
    '/openapi/v3/webhooks/{id}/rotate-secret': {
      post: { tags: wtags, operationId: 'rotateWebhookSecret', summary: 'A new signing secret; the old one keeps signing beside it for a day', parameters: [id], responses: { '200': object('The webhook with the new `secret`'), ...refusals } },
    },
    '/openapi/v3/webhooks/{id}/deliveries': {
      get: {
        tags: wtags,
        operationId: 'listWebhookDeliveries',
        summary: 'Deliveries with their attempts (status, answer, time taken), oldest event first',
        parameters: [id, query('status', 'delivered, retrying, held or dead (the dead letters)'), query('count', 'At most (default 100)', 'integer'), query('afterSeq', 'After this sequence number', 'integer')],
        responses: { '200': object('{webhook, count, deliveries}'), ...refusals },
      },
    },
    '/openapi/v3/webhooks/{id}/deliveries/{eventId}/replay': {
      post: { tags: wtags, operationId: 'replayWebhookDelivery', summary: 'Send a dead (or retrying) delivery again now', parameters: [id, pathParameter('eventId', 'The event id')], responses: { '200': object('The delivery'), ...refusals } },
    },
  };
}
