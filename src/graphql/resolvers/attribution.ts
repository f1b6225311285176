/** A stored MetadataAttribution (who set a tag or a value, and through what: a propagation rule says so here) in GraphQL. */
import { refOf } from '../entity-loader.js';
import { graphqlTypeNameOf } from './base.js';

interface StoredAttribution {
  time: number;
  actor: string;
  source?: string;
  sourceDetail?: Record<string, string>;
}

export function presentAttribution(a: StoredAttribution | undefined) {
  if (!a) return null;
  const source = a.source ? refOf(a.source) : undefined;
  return {
    time: a.time,
    actor: refOf(a.actor),
    // An entity of a type the catalog presents; other sources (a propagation rule's action) are named in sourceDetail.
    source: source && graphqlTypeNameOf(source.entityType) ? source : null,
    sourceDetail: a.sourceDetail ? Object.entries(a.sourceDetail).map(([key, value]) => ({ key, value })) : null,
  };
}
