/** Turns a user query string into an OpenSearch query for one entity type's index. */
import type { Services } from '../../services.js';
import { compileSearch } from './compile-search.js';

export async function buildEntityQuery(services: Services, entityTypes: string[], query: string | undefined): Promise<object> {
  void entityTypes; // field names are the same in every entity index
  return (await compileSearch(services, { query })).query;
}
