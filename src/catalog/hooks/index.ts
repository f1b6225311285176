/** The hook tables, built in this one composition place and handed to the catalog through `Services.hooks`. */
import type { AspectHook } from './aspect-hook.js';
import { entityDeleteHooks, type EntityDeleteHook } from './entity-delete-hooks.js';
import { propertyDefinitionHook } from './property-definition.js';
import { structuredPropertiesHook } from './structured-properties.js';

export interface CatalogHooks {
  /** One entry per aspect that has rules beyond its schema. */
  aspects: Readonly<Record<string, AspectHook>>;
  /** What must happen elsewhere when an entity of a type is hard deleted. */
  entityDelete: Readonly<Record<string, EntityDeleteHook>>;
}

export function createCatalogHooks(): CatalogHooks {
  return {
    aspects: { structuredProperties: structuredPropertiesHook, propertyDefinition: propertyDefinitionHook },
    entityDelete: entityDeleteHooks,
  };
}
