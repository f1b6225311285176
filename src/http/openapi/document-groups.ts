/**
 * The API document in parts the explorer can open at once: `service` (GraphQL, the emitter wire, jobs, system routes)
 * and one part per entity type, each with only the components its operations refer to. The whole documents stay at
 * `/openapi/v3|v2/api-docs`.
 */
import { ENTITY_TYPES } from '../../model/entity-types.js';
import type { Version } from './entity-paths.js';

export const SERVICE_GROUP = 'service';

/** The parts, in the order the explorer lists them. */
export const documentGroups = (): string[] => [SERVICE_GROUP, ...ENTITY_TYPES.map((d) => d.name)];

/** Every `#/components/<kind>/<name>` the value refers to, followed through the components themselves. */
function referenced(value: unknown, components: Record<string, Record<string, unknown>>): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      const ref = (v as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/components/')) {
        const [, , kind, name] = ref.split('/');
        const names = seen.get(kind) ?? seen.set(kind, new Set()).get(kind)!;
        if (!names.has(name)) {
          names.add(name);
          stack.push(components[kind]?.[name]);
        }
      }
      stack.push(...Object.values(v));
    }
  }
  return seen;
}

/** The part `group` of a whole document; undefined for a group there is not. */
export function documentGroup(whole: Record<string, any>, version: Version, group: string): Record<string, unknown> | undefined {
  const def = ENTITY_TYPES.find((d) => d.name.toLowerCase() === group.toLowerCase());
  if (!def && group !== SERVICE_GROUP) return undefined;
  const entityTag = def && `${def.name} (${version})`;
  const isEntityPath = (item: Record<string, any>) => Object.values(item).some((op) => Array.isArray(op?.tags) && op.tags.some((t: string) => / \(v[23]\)$/.test(t)));
  const paths = Object.fromEntries(
    Object.entries(whole.paths as Record<string, Record<string, any>>).filter(([, item]) =>
      entityTag ? Object.values(item).some((op) => op?.tags?.includes(entityTag)) : !isEntityPath(item),
    ),
  );
  const all = whole.components as Record<string, Record<string, unknown>>;
  const used = referenced(paths, all);
  const components: Record<string, unknown> = { securitySchemes: all.securitySchemes };
  for (const [kind, names] of used) components[kind] = Object.fromEntries([...names].sort().map((n) => [n, all[kind][n]]));
  const title = def ? `${def.name} (REST ${version})` : 'GraphQL, emitter wire, jobs and system routes';
  return { ...whole, info: { ...whole.info, title: `Tessera metadata catalog: ${title}` }, paths, components };
}
