/** What sits directly in a container, through GraphQL `container(urn) { entities }`. */
import { ENTITY_TYPES } from '../model/entity-types';
import { query } from './graphql';

export interface ContainerContents {
  total: number;
  entities: { urn: string; type: string; name?: string }[];
}

/** Each listed type's name, whatever type a container holds. */
const NAMES = ENTITY_TYPES.filter((t) => t.fields.has('name')).map((t) => `... on ${t.object} { name }`).join(' ');

const DOCUMENT = `query contents($urn: String!, $start: Int!, $count: Int!) {
  container(urn: $urn) { entities(input: {start: $start, count: $count}) { total searchResults { entity { urn type ${NAMES} } } } }
}`;

type Answer = { container: { entities: { total: number; searchResults: { entity: { urn: string; type: string; name?: string } }[] } | null } | null };

export async function loadContainerContents(urn: string, start: number, count: number): Promise<ContainerContents> {
  const { container } = await query<Answer>(DOCUMENT, { urn, start, count });
  const page = container?.entities;
  return {
    total: page?.total ?? 0,
    entities: (page?.searchResults ?? []).map(({ entity }) => ({ urn: entity.urn, type: entity.type, name: entity.name })),
  };
}
