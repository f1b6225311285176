/** A stored MetadataAttribution (who set a tag or a value, and through what: a propagation rule says so here) in GraphQL. */
import { refOf } from '../entity-loader.js';
import { graphqlTypeNameOf } from './base.js';
import type { Setters } from '../../catalog/value-owners/value-setters.js';

interface StoredAttribution {
  time: number;
  actor: string;
  source?: string;
  sourceDetail?: Record<string, string>;
}

export function presentAttribution(a: StoredAttribution | undefined) {
  if (!a) return null;
  const source = a.source?.startsWith('urn:li:') ? refOf(a.source) : undefined;
  // A pipeline named by its name (a connector's pipelineName) is not an entity: sourceDetail says it.
  const detail = { ...(a.source && !source && { pipelineName: a.source }), ...a.sourceDetail };
  return {
    time: a.time,
    actor: refOf(a.actor),
    // An entity of a type the catalog presents; other sources (a propagation rule's action) are named in sourceDetail.
    source: source && graphqlTypeNameOf(source.entityType) ? source : null,
    sourceDetail: Object.keys(detail).length > 0 ? Object.entries(detail).map(([key, value]) => ({ key, value })) : null,
  };
}

/** An entry's attribution: its own (a propagation rule writes one), else who set it as the store keeps it. */
export const attributionOf = (entry: { attribution?: StoredAttribution }, setBy: Setters | undefined, key: string) => presentAttribution(entry.attribution ?? setBy?.[key]);
