/** Query.autoComplete and Query.autoCompleteForMultiple: the original's shapes over the one autocomplete operation. */
import { autoComplete as complete, type AutoCompleteGroup } from '../../../catalog/search/autocomplete.js';
import { entityTypeEnumOf } from '../../../catalog/search/search-types.js';
import type { GraphqlContext } from '../../context.js';
import { refOf } from '../../entity-loader.js';
import { refuseViewUrn } from './search-flags.js';
import { orFiltersOf, type FacetFilterInput } from './search-input.js';

interface CompleteInput {
  query: string;
  field?: string | null;
  limit?: number | null;
  filters?: FacetFilterInput[] | null;
  orFilters?: { and?: FacetFilterInput[] | null }[] | null;
  viewUrn?: string | null;
}

const present = (g: AutoCompleteGroup) => ({ type: entityTypeEnumOf(g.entityType), suggestions: g.suggestions, entities: g.urns.map(refOf) });

async function run(ctx: GraphqlContext, input: CompleteInput, types: readonly string[] | null | undefined) {
  refuseViewUrn(input.viewUrn);
  return complete(ctx.services, { types, query: input.query, field: input.field, limit: input.limit, orFilters: orFiltersOf(input) });
}

export async function autoComplete(_: unknown, { input }: { input: CompleteInput & { type?: string | null } }, ctx: GraphqlContext) {
  const answer = await run(ctx, input, input.type ? [input.type] : null);
  const groups = answer.groups.map(present);
  return { query: answer.query, suggestions: [...new Set(groups.flatMap((g) => g.suggestions))], entities: groups.flatMap((g) => g.entities) };
}

export async function autoCompleteForMultiple(_: unknown, { input }: { input: CompleteInput & { types?: string[] | null } }, ctx: GraphqlContext) {
  const answer = await run(ctx, input, input.types);
  return { query: answer.query, suggestions: answer.groups.map(present) };
}
