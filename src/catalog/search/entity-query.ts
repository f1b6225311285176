/** Turns a user query string into an OpenSearch query for one entity type's index. */
import type { CatalogDeps } from '../catalog-deps.js';
import { compileSearch } from './compile-search.js';

export async function buildEntityQuery(services: CatalogDeps, entityTypes: string[], query: string | undefined): Promise<object> {
  void entityTypes; // field names are the same in every entity index
  return (await compileSearch(services, { query })).query;
}
