// Owns the labelPropagation aspect schema: Tessera's own rule, kept on a tag or a structured property, saying how the
// label follows lineage to the entities built from (or feeding) the ones carrying it. The original's clients do not
// know this aspect and are not affected by it.
import { z } from 'zod';
import { AuditStampSchema, UrnSchema } from './common.js';

export const PROPAGATION_LEVELS = ['ENTITY', 'COLUMN'] as const;

export const LabelPropagationSchema = z.strictObject({
  /** DOWNSTREAM (default): to what is built from a carrier; UPSTREAM: to what a carrier is built from. */
  direction: z.enum(['DOWNSTREAM', 'UPSTREAM']).optional(),
  /** How many hops from a carrier (1–10, default 3). */
  maxHops: z.number().int().min(1).max(10).optional(),
  /** ENTITY (default): entity lineage from entities carrying the label; COLUMN: column lineage from columns carrying it. */
  level: z.enum(PROPAGATION_LEVELS).optional(),
  /** Entities on these data platforms (urn:li:dataPlatform:…) are neither labelled nor walked through. */
  stopAtPlatforms: z.array(UrnSchema).max(100).optional(),
  /** Entities carrying any of these tags are neither labelled nor walked through. */
  stopAtTags: z.array(UrnSchema).max(100).optional(),
  lastModified: AuditStampSchema.optional(),
});
export type LabelPropagation = z.infer<typeof LabelPropagationSchema>;
