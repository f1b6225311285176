/** The entity page's read of any listed type: what its GraphQL object offers (the registry decides) and its aspects as stored. */
import type { EntityTypeInfo } from '../model/entity-types';
import { CONTEXT, type ContextView, type Tags } from './dataset-queries';
import { ENTRY, TAGS } from './documents';
import { query } from './graphql';
import { encodeUrn, rest } from './rest';
import type { PropertyEntry } from './search-queries';

export interface EntityView extends ContextView {
  urn: string;
  type: string;
  name?: string;
  properties?: { name: string | null; description: string | null; externalUrl: string | null } | null;
  tags?: Tags;
  structuredProperties?: { properties: PropertyEntry[] | null } | null;
  subTypes?: { typeNames: string[] | null } | null;
  parentContainers?: { containers: { urn: string; name: string }[] } | null;
}

const PARTS: [string, string][] = [
  ['name', 'name'],
  ['properties', 'properties { name description externalUrl }'],
  ['tags', TAGS],
  ['structuredProperties', `structuredProperties { ${ENTRY} }`],
  ['ownership', CONTEXT.ownership],
  ['glossaryTerms', CONTEXT.glossaryTerms],
  ['domain', CONTEXT.domain],
  ['subTypes', 'subTypes { typeNames }'],
  ['parentContainers', 'parentContainers { containers { urn name } }'],
];

/** The entity as GraphQL presents it (null when it does not exist) and every aspect stored, by name. */
export async function loadEntity(urn: string, type: EntityTypeInfo): Promise<{ entity: EntityView; aspects: Record<string, { value: unknown }> } | null> {
  const fields = PARTS.filter(([f]) => type.fields.has(f)).map(([, sel]) => sel).join('\n      ');
  const document = `query entity($urn: String!) { entity(urn: $urn) { urn type ... on ${type.object} {\n      ${fields}\n    } } }`;
  const { entity } = await query<{ entity: EntityView | null }>(document, { urn });
  if (!entity) return null;
  const aspects = await rest<Record<string, { value: unknown }>>('GET', `/openapi/v3/entity/${type.id}/${encodeUrn(urn)}`);
  return { entity, aspects };
}
