/** The table of aspect hooks: one entry per aspect that has rules beyond its schema. */
import type { AspectHook } from './aspect-hook.js';
import { structuredPropertiesHook } from './structured-properties.js';
import { propertyDefinitionHook } from './property-definition.js';

export const aspectHooks: Record<string, AspectHook> = {
  structuredProperties: structuredPropertiesHook,
  propertyDefinition: propertyDefinitionHook,
};
