/** The hook tables, built in this one composition place and handed to the catalog through `CatalogDeps.hooks`. */
import type { CatalogHooks } from '../catalog-deps.js';
import { entityDeleteHooks } from './entity-delete-hooks.js';
import { propertyDefinitionHook } from './property-definition.js';
import { propertyConstraintsHook } from './property-constraints.js';
import { structuredPropertiesHook } from './structured-properties.js';
import { labelPropagationHook } from './label-propagation.js';
import { linkDbtSiblings } from './dbt-siblings.js';

export function createCatalogHooks(opts: { siblings: boolean } = { siblings: true }): CatalogHooks {
  return {
    aspects: { structuredProperties: structuredPropertiesHook, propertyDefinition: propertyDefinitionHook, structuredPropertyConstraints: propertyConstraintsHook, labelPropagation: labelPropagationHook },
    entityDelete: entityDeleteHooks,
    afterWrite: opts.siblings ? [linkDbtSiblings] : [],
  };
}
