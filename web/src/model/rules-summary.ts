/** A property's value rules in a few words: "required for datasets on hive · 1–3650", "pattern [A-Z]{2}-\d+", … */
import type { PropertyConstraints } from '../api/property-rules';
import { ENTITY_TYPES } from './entity-types';

/** `urn:li:entityType:service.dataset` → `dataset`, `urn:li:dataPlatform:hive` → `hive`. */
export const entityTypeId = (urn: string): string => urn.replace(/^urn:li:entityType:[a-zA-Z]+\./, '');
export const platformName = (urn: string): string => urn.replace(/^urn:li:dataPlatform:/, '');

const typeLabel = (urn: string): string => {
  const id = entityTypeId(urn);
  return ENTITY_TYPES.find((t) => t.id === id)?.label.toLowerCase() ?? id;
};

/** `a–b`, `≥ a`, `≤ b` or nothing, with an optional unit. */
function bounds(low: number | string | undefined, high: number | string | undefined, unit = ''): string | undefined {
  if (low !== undefined && high !== undefined) return `${low}–${high}${unit}`;
  if (low !== undefined) return `≥ ${low}${unit}`;
  if (high !== undefined) return `≤ ${high}${unit}`;
  return undefined;
}

/** The parts of the summary, in the order the API lists rules; empty when there are none. */
export function rulesSummary(c: PropertyConstraints | undefined): string[] {
  if (!c) return [];
  const parts: string[] = [];
  if (c.required) {
    const types = c.requiredEntityTypes?.length ? ` for ${c.requiredEntityTypes.map(typeLabel).join(', ')}` : '';
    const platforms = c.requiredPlatforms?.length ? ` on ${c.requiredPlatforms.map(platformName).join(', ')}` : '';
    parts.push(`required${types}${platforms}`);
  }
  const range = bounds(c.min, c.max);
  if (range) parts.push(range);
  if (c.pattern !== undefined) parts.push(`pattern ${c.pattern}`);
  const length = bounds(c.minLength, c.maxLength, ' characters');
  if (length) parts.push(`length ${length}`);
  if (c.after !== undefined) parts.push(`after ${c.after}`);
  if (c.before !== undefined) parts.push(`before ${c.before}`);
  const count = bounds(c.minCount, c.maxCount, ' values');
  if (count) parts.push(count);
  return parts;
}
