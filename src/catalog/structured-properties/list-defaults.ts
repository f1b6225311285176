/** Lists of structured properties show `immutable: false` when a definition never set it, as the specification's list does; single reads echo as written. */
import type { EntityView } from '../read-entity.js';

export function withListDefaults(view: EntityView): EntityView {
  const def = view.aspects.propertyDefinition;
  if (view.entityType !== 'structuredProperty' || !def || (def.value as { immutable?: boolean }).immutable !== undefined) return view;
  return { ...view, aspects: { ...view.aspects, propertyDefinition: { ...def, value: { ...(def.value as object), immutable: false } } } };
}
