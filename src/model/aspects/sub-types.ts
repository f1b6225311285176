// Owns the subTypes aspect schema, following metadata-models/src/main/pegasus/com/linkedin/common/SubTypes.pdl.
import { z } from 'zod';

export const SubTypesSchema = z.strictObject({
  typeNames: z.array(z.string()),
});
export type SubTypes = z.infer<typeof SubTypesSchema>;
