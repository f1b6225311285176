// Owns the dataFlowKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/DataFlowKey.pdl.
import { z } from 'zod';

export const DataFlowKeySchema = z.strictObject({
  orchestrator: z.string(),
  flowId: z.string(),
  cluster: z.string(),
});
export type DataFlowKey = z.infer<typeof DataFlowKeySchema>;
