// Owns the structuredPropertyConstraints aspect schema: Tessera's own rules on a structured property's values, kept
// beside the original's propertyDefinition so its clients, which do not know this aspect, keep working unchanged.
import { z } from 'zod';
import { AuditStampSchema, UrnSchema } from './common.js';

const Count = z.number().int().min(0).max(10_000);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' });

export const StructuredPropertyConstraintsSchema = z.strictObject({
  /** Every entity the property applies to must have a value (compliance reports the ones that miss it). */
  required: z.boolean().optional(),
  /** Only these of the definition's entity types must have one (entity type URNs); all of them when absent. */
  requiredEntityTypes: z.array(UrnSchema).optional(),
  /** Only entities of these data platforms must have one (data platform URNs); any platform when absent. */
  requiredPlatforms: z.array(UrnSchema).optional(),
  /** Number values: inclusive bounds. */
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  /** String values: the whole value matches this pattern (a linear-time RE2-style dialect, see value-pattern.ts). */
  pattern: z.string().min(1).max(500).optional(),
  /** String values: length in characters, inclusive. */
  minLength: Count.optional(),
  maxLength: Count.optional(),
  /** Date values: strictly after / strictly before this day. */
  after: Day.optional(),
  before: Day.optional(),
  /** Number of values of a MULTIPLE property, inclusive. */
  minCount: Count.optional(),
  maxCount: Count.optional(),
  /**
   * Whose values a load may replace: SETTER (the default) — each value is its setter's, and a whole write (a connector,
   * `tessera dataset upsert`, a REST or wire UPSERT) replaces only what its own pipeline or actor set; LOADS — any
   * whole write replaces the values (what the original does).
   */
  valueOwner: z.enum(['SETTER', 'LOADS']).optional(),
  lastModified: AuditStampSchema.optional(),
});
export type StructuredPropertyConstraints = z.infer<typeof StructuredPropertyConstraintsSchema>;

/** The rule names, in the order messages and reports list them. */
export const CONSTRAINT_RULES = ['required', 'min', 'max', 'pattern', 'minLength', 'maxLength', 'after', 'before', 'minCount', 'maxCount'] as const;
