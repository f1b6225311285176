// Owns the dataHubIngestionSourceKey aspect schema, following metadata-models/src/main/pegasus/com/linkedin/metadata/key/DataHubIngestionSourceKey.pdl.
import { z } from 'zod';

export const IngestionSourceKeySchema = z.strictObject({ id: z.string() });
export type IngestionSourceKey = z.infer<typeof IngestionSourceKeySchema>;
