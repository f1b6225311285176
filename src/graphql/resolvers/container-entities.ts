/** Container.entities: the entities directly inside a container — the one search operation, filtered by the `container` field. */
import type { GraphQLResolveInfo } from 'graphql';
import type { GraphqlContext } from '../context.js';
import type { EntityRef } from '../entity-loader.js';
import { searchAcrossEntities } from './search/search-across-entities.js';
import type { FacetFilterInput } from './search/search-input.js';
import { ENTITY_TYPES } from '../../model/entity-types.js';

/** Every type that can sit in a container (its registry row carries the `container` aspect), listed or not in default searches. */
const CONTAINED_TYPES = ENTITY_TYPES.filter((t) => t.aspects.includes('container') && t.graphqlType !== 'OTHER').map((t) => t.graphqlType);

interface ContainerEntitiesInput {
  query?: string | null;
  start?: number | null;
  count?: number | null;
  filters?: FacetFilterInput[] | null;
  orFilters?: { and?: FacetFilterInput[] | null }[] | null;
}

export const containerResolvers = {
  Container: {
    type: () => 'CONTAINER',
    entities: (ref: EntityRef, { input }: { input?: ContainerEntitiesInput | null }, ctx: GraphqlContext, info: GraphQLResolveInfo) => {
      const inside: FacetFilterInput = { field: 'container', values: [ref.urn] };
      const groups = input?.orFilters?.length ? input.orFilters.map((g) => [...(g.and ?? []), inside]) : [[...(input?.filters ?? []), inside]];
      return searchAcrossEntities(null, { input: { types: CONTAINED_TYPES, query: input?.query ?? '*', start: input?.start, count: input?.count, orFilters: groups.map((and) => ({ and })) } }, ctx, info);
    },
  },
};
