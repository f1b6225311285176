/** Removes glossary terms from entities or dataset columns; the terms need not exist any more, the resources must. */
import type { CatalogDeps } from '../catalog-deps.js';
import { applyAssociationEdit } from './apply-association-edit.js';
import { checkResources, type ResourceRef } from './association-resources.js';
import { parseUrnsOf } from './association-urns.js';
import { removingTerms, termEdit } from './term-lists.js';

export interface RemoveTermsInput {
  termUrns: readonly string[];
  resources: readonly (ResourceRef | null)[];
  actor: string;
  waitForSearch?: boolean;
}

export async function removeTerms(services: CatalogDeps, input: RemoveTermsInput): Promise<void> {
  const termUrns = parseUrnsOf(input.termUrns, ['glossaryTerm'], 'termUrns');
  const resources = checkResources(input.resources, { aspect: 'glossaryTerms', what: 'glossary terms', columns: true });
  await applyAssociationEdit(services, resources, termEdit(removingTerms(termUrns)), input);
}
