/** The importable Tessera SDK: the REST/GraphQL client, the aspect emitter, the tag helper and the aspect schemas. */
export { TesseraClient, entityTypeOf, type TesseraClientOptions, type RequestOptions, type ListOptions, type EntityRecord } from './client.js';
export { Emitter, buildProposal, type AspectChange, type EmitterOptions } from './emitter.js';
export { addTag, removeTag } from './tag-helper.js';
export { TesseraApiError, TesseraConnectionError, TesseraGraphqlError, TesseraValidationError } from './sdk-errors.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export { createProposal, decodeProposalAspect, CHANGE_TYPES, type ChangeType, type Proposal } from '../model/proposal.js';
export { aspectSchemas } from '../model/aspects/index.js';
export type * from '../model/aspects/index.js';
export { datasetUrn, schemaFieldUrn, tagUrn, structuredPropertyUrn, encodeUrn } from '../model/urn.js';
export type { PatchBody, PatchOp } from '../model/json-patch.js';
