/** Adds glossary terms to entities or dataset columns; terms already present are left as they are. */
import type { CatalogDeps } from '../catalog-deps.js';
import { applyAssociationEdit } from './apply-association-edit.js';
import { checkResources, type ResourceRef } from './association-resources.js';
import { parseUrnsOf, requireEntitiesExist } from './association-urns.js';
import { addingTerms, termEdit } from './term-lists.js';

export interface AddTermsInput {
  termUrns: readonly string[];
  resources: readonly (ResourceRef | null)[];
  actor: string;
  waitForSearch?: boolean;
}

export async function addTerms(services: CatalogDeps, input: AddTermsInput): Promise<void> {
  const termUrns = parseUrnsOf(input.termUrns, ['glossaryTerm'], 'termUrns');
  const resources = checkResources(input.resources, { aspect: 'glossaryTerms', what: 'glossary terms', columns: true });
  await requireEntitiesExist(services, termUrns, 'glossary term');
  await applyAssociationEdit(services, resources, termEdit(addingTerms(termUrns)), input);
}
