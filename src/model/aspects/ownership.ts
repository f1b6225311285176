// Owns the ownership aspect schema with its Owner, OwnershipType and OwnershipSource records, following metadata-models/src/main/pegasus/com/linkedin/common/Ownership.pdl and Owner.pdl.
import { z } from 'zod';
import { AuditStampSchema, MetadataAttributionSchema, UrnSchema } from './common.js';

/** com.linkedin.common.OwnershipType (several symbols are deprecated but still valid). */
export const OwnershipTypeSchema = z.enum([
  'CUSTOM',
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'DEVELOPER',
  'DATAOWNER',
  'DELEGATE',
  'PRODUCER',
  'CONSUMER',
  'STAKEHOLDER',
]);
export type OwnershipType = z.infer<typeof OwnershipTypeSchema>;

/** com.linkedin.common.OwnershipSourceType. */
export const OwnershipSourceTypeSchema = z.enum([
  'AUDIT',
  'DATABASE',
  'FILE_SYSTEM',
  'ISSUE_TRACKING_SYSTEM',
  'MANUAL',
  'SERVICE',
  'SOURCE_CONTROL',
  'OTHER',
]);

/** com.linkedin.common.OwnershipSource. */
export const OwnershipSourceSchema = z.strictObject({
  type: OwnershipSourceTypeSchema,
  url: z.string().optional(),
});

/** com.linkedin.common.Owner. */
export const OwnerSchema = z.strictObject({
  owner: UrnSchema,
  type: OwnershipTypeSchema,
  typeUrn: UrnSchema.optional(),
  source: OwnershipSourceSchema.optional(),
  attribution: MetadataAttributionSchema.optional(),
});
export type Owner = z.infer<typeof OwnerSchema>;

export const OwnershipSchema = z.strictObject({
  owners: z.array(OwnerSchema),
  /** Populated by a mutation hook in DataHub; PDL default `{}`, not filled in when absent. */
  ownerTypes: z.record(z.string(), z.array(UrnSchema)).optional(),
  /** PDL default (time 0, urn:li:corpuser:unknown); not filled in when absent. */
  lastModified: AuditStampSchema.optional(),
});
export type Ownership = z.infer<typeof OwnershipSchema>;
