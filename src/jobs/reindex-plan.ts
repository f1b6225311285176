/** Works out the mapping an entity index should have (base file + definitions) and how it differs from the live one. */
import { propertyPathOfCompanion } from '../storage/property-field-mappings.js';
import { entityTypeUrnToName, typeFieldsStamp } from '../model/entity-types.js';
import type { EntityDoc } from '../storage/entity-store.js';
import { entityIndexBody } from '../storage/indices.js';
import type { JobDeps } from './job-deps.js';
import { hasValueQuery, infoFromDoc, propertyMappingOf, type DefinitionInfo } from '../catalog/definitions.js';
import { derivableFields } from './derived-fields.js';
import { leavesOf, sameLeaf, usesAnalysis, mergeProperties, setLeaf, type MappingNode, type Properties } from './mapping-tree.js';

const SP_PREFIX = 'structuredProperties.';

export interface IndexPlan {
  entityType: string;
  alias: string;
  index: string;
  /** The live index's mapping when the plan was made. */
  live: Properties;
  documents: number;
  /** The complete mapping the rebuilt index gets. */
  mappings: Record<string, any>;
  added: string[];
  /** Mapped in the live index with another definition: only a rebuild can change them. */
  changed: string[];
  dropped: string[];
  /** Property fields no definition asks for, kept because entities still hold values in them. */
  kept: { field: string; values: number }[];
  /** The leaves the live index lacks, as a put-mapping body. */
  additions: Properties;
  /** Built-in fields the live index lacks whose values the copy derives from the stored aspects. */
  derived: string[];
}

/** Every definition, soft-deleted ones included (their values come back on restore). */
export async function loadAllDefinitions(services: JobDeps): Promise<DefinitionInfo[]> {
  await services.indices.refreshEntities(['structuredProperty']);
  const out: DefinitionInfo[] = [];
  let after: unknown[] | undefined;
  for (;;) {
    const res = await services.store.search(['structuredProperty'], {
      size: 500,
      query: { exists: { field: 'qualifiedName' } },
      sort: [{ urn: 'asc' }],
      ...(after && { search_after: after }),
    });
    const hits: { _source: EntityDoc; sort: unknown[] }[] = res.hits.hits;
    for (const h of hits) {
      const info = infoFromDoc(h._source);
      if (info) out.push(info);
    }
    if (hits.length < 500) return out;
    after = hits[hits.length - 1].sort;
  }
}

export function desiredMappings(entityType: string, defs: DefinitionInfo[]): Record<string, any> {
  const mappings = entityIndexBody().mappings;
  const stamp = typeFieldsStamp(entityType);
  if (stamp) mappings._meta = { ...mappings._meta, typeFields: stamp };
  for (const info of defs) {
    if (!info.definition.entityTypes.some((t) => entityTypeUrnToName(t) === entityType)) continue;
    mergeProperties(mappings.properties, propertyMappingOf(info.definition).properties as Properties);
  }
  return mappings;
}

async function countWithField(services: JobDeps, index: string, field: string): Promise<number> {
  return services.indices.count(index, hasValueQuery(field));
}

export async function planIndex(services: JobDeps, entityType: string, defs: DefinitionInfo[]): Promise<IndexPlan | undefined> {
  const alias = services.names.entity(entityType);
  const liveMapping = await services.indices.liveMapping(alias);
  if (!liveMapping) return undefined;
  const { index } = liveMapping;
  const mappings = desiredMappings(entityType, defs);
  const want = leavesOf(mappings.properties);
  const have = leavesOf(liveMapping.properties as Properties);
  // The registry's search fields of the type changed since its documents' typeFields were derived: derived again.
  const staleTypeFields = liveMapping.meta.typeFields !== typeFieldsStamp(entityType) && typeFieldsStamp(entityType) !== undefined;
  const missing = [...want.keys()].filter((p) => !have.has(p));
  const plan: IndexPlan = { entityType, alias, index, live: liveMapping.properties as Properties, documents: 0, mappings, added: [], changed: [], dropped: [], kept: [], additions: {}, derived: derivableFields(staleTypeFields ? [...missing, 'typeFields'] : missing) };
  for (const [path, leaf] of want) {
    const current = have.get(path);
    // A built-in field analysed its own way needs analysis settings the live index may not have: only a rebuild adds them.
    if (!current && !path.startsWith(SP_PREFIX) && usesAnalysis(leaf)) plan.changed.push(path);
    else if (!current) {
      plan.added.push(path);
      setLeaf(plan.additions, path, leaf);
    } else if (!sameLeaf(current, leaf)) plan.changed.push(path);
  }
  // A property field's companions (its values' lengths, its long values) follow it, kept or dropped, unreported.
  const companions: [string, string, unknown][] = [];
  for (const [path, leaf] of have) {
    if (want.has(path)) continue;
    const main = propertyPathOfCompanion(path);
    if (main !== undefined) {
      companions.push([path, main, leaf]);
      continue;
    }
    const values = path.startsWith(SP_PREFIX) ? await countWithField(services, index, path) : 0;
    if (values > 0) {
      plan.kept.push({ field: path, values });
      setLeaf(mappings.properties, path, leaf as MappingNode);
    } else plan.dropped.push(path);
  }
  for (const [path, main, leaf] of companions) if (plan.kept.some((k) => k.field === main)) setLeaf(mappings.properties, path, leaf as MappingNode);
  plan.documents = await services.indices.count(index);
  return plan;
}

/** The qualified-name word a property field belongs to (`structuredProperties._versioned.a_b.2024….string` → `a_b`). */
export function propertyWordOf(field: string): string {
  const segs = field.slice(SP_PREFIX.length).split('.');
  return segs[0] === '_versioned' ? segs[1] : segs[0];
}
