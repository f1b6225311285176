// Owns the records shared by several aspect schemas (Urn, AuditStamp, TimeStamp, MetadataAttribution, FabricType, PrimitivePropertyValue, TagAssociation, GlossaryTermAssociation, custom properties), following DataHub's li-utils/src/main/pegasus/com/linkedin/common/{AuditStamp,TimeStamp,FabricType}.pdl and metadata-models/src/main/pegasus/com/linkedin/{common/MetadataAttribution,common/TagAssociation,common/GlossaryTermAssociation,common/CustomProperties,common/ExternalReference,structured/PrimitivePropertyValue}.pdl.
import { z } from 'zod';
import { FABRIC_TYPES } from '../fabric-types.js';

/** Loose URN shape check; full URN parsing happens elsewhere. */
export const URN_PATTERN = /^urn:li:[A-Za-z0-9_]+:.+/;

/** A Pegasus `Urn` (or any typeref of it, e.g. DatasetUrn, TagUrn, CorpuserUrn). */
export const UrnSchema = z
  .string()
  .regex(URN_PATTERN, { error: 'must be a URN of the form urn:li:<entityType>:<id>' });
export type Urn = z.infer<typeof UrnSchema>;

/** A Pegasus `long` (also the `Time` typeref): an integral number. */
export const LongSchema = z.number().int();

/** A Pegasus `int`. */
export const IntSchema = z.number().int();

/** A Pegasus `map[string, string]`. */
export const StringMapSchema = z.record(z.string(), z.string());

/** com.linkedin.common.AuditStamp: who did something and when. */
export const AuditStampSchema = z.strictObject({
  time: LongSchema,
  actor: UrnSchema,
  impersonator: UrnSchema.optional(),
  message: z.string().optional(),
});
export type AuditStamp = z.infer<typeof AuditStampSchema>;

/** com.linkedin.common.TimeStamp: an event time with an optional actor. */
export const TimeStampSchema = z.strictObject({
  time: LongSchema,
  actor: UrnSchema.optional(),
});
export type TimeStamp = z.infer<typeof TimeStampSchema>;

/** com.linkedin.common.MetadataAttribution: who, why and how a piece of metadata was applied. */
export const MetadataAttributionSchema = z.strictObject({
  time: LongSchema,
  actor: UrnSchema,
  source: UrnSchema.optional(),
  /** PDL default `{}`; not filled in when absent. */
  sourceDetail: StringMapSchema.optional(),
});
export type MetadataAttribution = z.infer<typeof MetadataAttributionSchema>;

/** com.linkedin.common.FabricType symbols (environment of an asset). */
export { FABRIC_TYPES };
export const FabricTypeSchema = z.enum(FABRIC_TYPES);
export type FabricType = z.infer<typeof FabricTypeSchema>;

/**
 * Builds a Pegasus union: a JSON object with exactly one key, naming the member
 * (the primitive type name, or the fully qualified name of a record/enum member).
 */
export function pegasusUnion<const M extends Record<string, z.ZodType>>(
  members: M,
): z.ZodType<{ [K in keyof M]: { [P in K]: z.infer<M[K]> } }[keyof M]> {
  const keys = Object.keys(members);
  const options = keys.map((key) => z.strictObject({ [key]: members[key] }));
  return z.union(options as unknown as [z.ZodType, ...z.ZodType[]], {
    error: `must be an object with exactly one key, one of: ${keys.join(', ')}`,
  }) as unknown as z.ZodType<
    { [K in keyof M]: { [P in K]: z.infer<M[K]> } }[keyof M]
  >;
}

/** com.linkedin.structured.PrimitivePropertyValue: `{"string": s}` or `{"double": n}`. */
export const PrimitivePropertyValueSchema = z.union(
  [z.strictObject({ string: z.string() }), z.strictObject({ double: z.number() })],
  { error: 'must be an object with exactly one key, one of: string, double' },
);
export type PrimitivePropertyValue = z.infer<typeof PrimitivePropertyValueSchema>;

/** com.linkedin.common.TagAssociation: one tag applied to an entity or field. */
export const TagAssociationSchema = z.strictObject({
  tag: UrnSchema,
  context: z.string().optional(),
  attribution: MetadataAttributionSchema.optional(),
});
export type TagAssociation = z.infer<typeof TagAssociationSchema>;

/** com.linkedin.common.GlossaryTermAssociation: one glossary term applied to an entity or field. */
export const GlossaryTermAssociationSchema = z.strictObject({
  urn: UrnSchema,
  actor: UrnSchema.optional(),
  context: z.string().optional(),
  attribution: MetadataAttributionSchema.optional(),
});
export type GlossaryTermAssociation = z.infer<typeof GlossaryTermAssociationSchema>;

/** Fields of com.linkedin.common.CustomProperties (PDL default `{}`; not filled in when absent). */
export const customPropertiesShape = {
  customProperties: StringMapSchema.optional(),
};

/** Fields of com.linkedin.common.ExternalReference (`Url` typeref is a plain string). */
export const externalReferenceShape = {
  externalUrl: z.string().optional(),
};
