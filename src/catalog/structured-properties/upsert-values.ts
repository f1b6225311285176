/** Sets the values of some structured properties on one entity, keeping its other properties (GraphQL `upsertStructuredProperties`). */
import { dequal } from 'dequal';
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { Assignment } from '../definitions.js';
import { resolveAspect, resolveTarget } from '../entity-target.js';
import { presentAspect, type AspectView } from '../read-entity.js';
import { writeAspects } from '../write-aspects.js';
import { toPrimitive, type PropertyValueInput } from './value-input.js';
import { PROPAGATION_SOURCE } from '../propagation/label-values.js';

export interface UpsertValuesInput {
  assetUrn: string;
  params: { propertyUrn: string; values: PropertyValueInput[] }[];
  actor: string;
  waitForSearch?: boolean;
}

/** Answers with the aspect as every read shows it afterwards. */
export async function upsertValues(services: CatalogDeps, input: UpsertValuesInput): Promise<AspectView> {
  const target = resolveTarget(undefined, input.assetUrn);
  const aspect = resolveAspect(target.def, 'structuredProperties');
  const seen = new Set<string>();
  const updates = input.params.map((p, i) => {
    if (seen.has(p.propertyUrn)) throw validationError(`Property: ${p.propertyUrn} is given more than once`);
    seen.add(p.propertyUrn);
    return { propertyUrn: p.propertyUrn, values: p.values.map((v, j) => toPrimitive(v, `structuredPropertyInputParams[${i}].values[${j}]`)) };
  });
  const doc = await writeAspects(services, {
    target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    changes: [
      {
        aspect,
        compute: (prev) => {
          const stamp = { time: Date.now(), actor: input.actor };
          const current = ((prev as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[];
          const byUrn = new Map(updates.map((u) => [u.propertyUrn, u]));
          // Replaced entries keep their place and creation stamp; their attribution described the old values. An entry
          // given the values it has stays exactly as it is: a write that changes nothing stores and records nothing —
          // unless a propagation rule put it there: a person setting it makes it the entity's own.
          const kept = current.map((a) => {
            const u = byUrn.get(a.propertyUrn);
            if (!u) return a;
            byUrn.delete(a.propertyUrn);
            if (dequal(a.values, u.values) && (a as { attribution?: { source?: string } }).attribution?.source !== PROPAGATION_SOURCE) return a;
            const { attribution: _dropped, ...rest } = a;
            return { ...rest, values: u.values, lastModified: stamp };
          });
          const added = [...byUrn.values()].map((u) => ({ propertyUrn: u.propertyUrn, values: u.values, created: stamp, lastModified: stamp }));
          return { ...(prev as object | undefined), properties: [...kept, ...added] };
        },
      },
    ],
  });
  return (await presentAspect(services, doc!, aspect))!;
}
