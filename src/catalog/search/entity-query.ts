/** Turns a user query string into an OpenSearch query for one entity type's index. */
import { validationError } from '../../errors.js';
import type { Services } from '../../services.js';

export async function buildEntityQuery(services: Services, entityTypes: string[], query: string | undefined): Promise<object> {
  void services;
  void entityTypes;
  const q = (query ?? '').trim();
  if (q === '' || q === '*') return { match_all: {} };
  throw validationError('query strings other than * are not supported yet');
}
