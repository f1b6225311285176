// Owns the structuredProperties aspect schema (values assigned to structured properties), following metadata-models/src/main/pegasus/com/linkedin/structured/StructuredProperties.pdl and StructuredPropertyValueAssignment.pdl.
import { z } from 'zod';
import { AuditStampSchema, MetadataAttributionSchema, PrimitivePropertyValueSchema, UrnSchema } from './common.js';

/** com.linkedin.structured.StructuredPropertyValueAssignment. */
export const StructuredPropertyValueAssignmentSchema = z.strictObject({
  propertyUrn: UrnSchema,
  values: z.array(PrimitivePropertyValueSchema),
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  attribution: MetadataAttributionSchema.optional(),
});
export type StructuredPropertyValueAssignment = z.infer<typeof StructuredPropertyValueAssignmentSchema>;

export const StructuredPropertiesSchema = z.strictObject({
  properties: z.array(StructuredPropertyValueAssignmentSchema),
});
export type StructuredProperties = z.infer<typeof StructuredPropertiesSchema>;
