/** The data platform of an entity, as far as its URN says: a column's is its dataset's, a job's its flow's orchestrator. */
import { columnParts } from './field-lineage.js';
import { parseUrn } from './urn.js';

export function platformOf(urn: string): string | undefined {
  try {
    const u = parseUrn(urn);
    switch (u.entityType) {
      case 'dataset':
        return u.parts[0];
      case 'schemaField':
        return platformOf(columnParts(urn)?.parent ?? '');
      case 'dataJob':
        return platformOf(u.parts[0]);
      case 'dataFlow':
      case 'chart':
      case 'dashboard':
        return `urn:li:dataPlatform:${u.parts[0]}`;
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
