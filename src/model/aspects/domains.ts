// Owns the domains aspect schema with its DomainAssociation record, following metadata-models/src/main/pegasus/com/linkedin/domain/Domains.pdl.
import { z } from 'zod';
import { MetadataAttributionSchema, UrnSchema } from './common.js';

/** com.linkedin.domain.DomainAssociation. */
export const DomainAssociationSchema = z.strictObject({
  domain: UrnSchema,
  context: z.string().optional(),
  attribution: MetadataAttributionSchema.optional(),
});

export const DomainsSchema = z.strictObject({
  domains: z.array(UrnSchema),
  domainAssociations: z.array(DomainAssociationSchema).optional(),
});
export type Domains = z.infer<typeof DomainsSchema>;
