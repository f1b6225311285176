/** Search page addresses for the entities that miss a property's value or hold an invalid one, one per entity type the page searches. */
import type { PropertyCompliance } from '../api/property-rules';
import { ENTITY_TYPES, type EntityTypeInfo } from '../model/entity-types';
import { formatSearchState, type Filter } from './search-state';

export interface ComplianceLink {
  type: EntityTypeInfo;
  /** Path below /ui. */
  to: string;
}

/**
 * The counted entity types the search page knows, each with the property's NOT_EXISTS or INVALID filter and the
 * platforms counted (the required ones, else those the definition allows).
 */
export function complianceLinks(report: PropertyCompliance, state: 'missing' | 'invalid', allowedPlatforms: readonly string[] = []): ComplianceLink[] {
  const c = report.constraints;
  const platforms = c?.required && c.requiredPlatforms?.length ? c.requiredPlatforms : allowedPlatforms;
  const filters: Filter[] = [
    ...platforms.map((value) => ({ field: 'platform', op: '=' as const, value })),
    { field: `structuredProperties.${report.qualifiedName}`, op: state, value: '' },
  ];
  return ENTITY_TYPES.filter((t) => report.entityTypes.includes(t.id)).map((type) => ({ type, to: formatSearchState({ query: '', type, filters }) }));
}
