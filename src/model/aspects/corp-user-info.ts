// Owns the corpUserInfo aspect schema, following metadata-models/src/main/pegasus/com/linkedin/identity/CorpUserInfo.pdl (which includes CustomProperties).
import { z } from 'zod';
import { customPropertiesShape, LongSchema, UrnSchema } from './common.js';

export const CorpUserInfoSchema = z.strictObject({
  ...customPropertiesShape,
  /** Deprecated in favour of corpUserStatus, but still required by the PDL. */
  active: z.boolean(),
  displayName: z.string().optional(),
  email: z.string().optional(),
  title: z.string().optional(),
  managerUrn: UrnSchema.optional(),
  departmentId: LongSchema.optional(),
  departmentName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  fullName: z.string().optional(),
  countryCode: z.string().optional(),
  /** PDL default `false`; not filled in when absent. */
  system: z.boolean().optional(),
  isSupportUser: z.boolean().optional(),
});
export type CorpUserInfo = z.infer<typeof CorpUserInfoSchema>;
