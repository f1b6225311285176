/** The propagation rules in force: the `labelPropagation` aspect of tags and structured properties, with who set each. */
import type { LabelPropagation } from '../../model/aspects/label-propagation.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { NOT_SOFT_DELETED } from '../search/search-entities.js';
import type { LabelKind } from './label-values.js';

export interface PropagationRule extends Required<Pick<LabelPropagation, 'direction' | 'maxHops' | 'level'>> {
  label: string;
  kind: LabelKind;
  stopAtPlatforms: string[];
  stopAtTags: string[];
  /** The person who last set the rule: propagation writes with their rights. */
  setBy: string;
}

type Stored = { value?: unknown; lastModified?: { actor?: string }; created?: { actor?: string } };

/** The rule an entity's stored aspects hold, or undefined (none, or the label is soft-deleted). */
export function ruleOf(kind: LabelKind, urn: string, aspects: Record<string, Stored | undefined>): PropagationRule | undefined {
  const stored = aspects.labelPropagation;
  const v = stored?.value as LabelPropagation | undefined;
  if (!v || (aspects.status?.value as { removed?: boolean } | undefined)?.removed === true) return undefined;
  return {
    label: urn,
    kind,
    direction: v.direction ?? 'DOWNSTREAM',
    maxHops: v.maxHops ?? 3,
    level: v.level ?? 'ENTITY',
    stopAtPlatforms: v.stopAtPlatforms ?? [],
    stopAtTags: v.stopAtTags ?? [],
    setBy: stored!.lastModified?.actor ?? stored!.created?.actor ?? v.lastModified?.actor ?? 'urn:li:corpuser:unknown',
  };
}

/** Every rule in force (one query). */
export async function readRules(services: CatalogDeps): Promise<PropagationRule[]> {
  const res = await services.store.search(['tag', 'structuredProperty'], {
    size: 1000,
    query: { bool: { filter: [{ term: { propagates: true } }, NOT_SOFT_DELETED] } },
    sort: [{ urn: 'asc' }],
    _source: ['urn', 'entityType', 'aspects.labelPropagation', 'aspects.status'],
  });
  return (res.hits.hits as { _source: { urn: string; entityType: string; aspects: Record<string, Stored> } }[])
    .map((h) => ruleOf(h._source.entityType as LabelKind, h._source.urn, h._source.aspects))
    .filter((r): r is PropagationRule => r !== undefined);
}
