/** Removes the values of some structured properties from one entity (GraphQL `removeStructuredProperties`). */
import type { CatalogDeps } from '../catalog-deps.js';
import type { Assignment } from '../definitions.js';
import { resolveAspect, resolveTarget } from '../entity-target.js';
import { presentAspect, type AspectView } from '../read-entity.js';
import { writeAspects } from '../write-aspects.js';

export interface RemoveValuesInput {
  assetUrn: string;
  propertyUrns: string[];
  actor: string;
  waitForSearch?: boolean;
}

/** Answers with the remaining properties as every read shows them; removing an absent property changes nothing. */
export async function removeValues(services: CatalogDeps, input: RemoveValuesInput): Promise<AspectView> {
  const target = resolveTarget(undefined, input.assetUrn);
  const aspect = resolveAspect(target.def, 'structuredProperties');
  const gone = new Set(input.propertyUrns);
  const doc = await writeAspects(services, {
    target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    mustExist: true,
    changes: [
      {
        aspect,
        compute: (prev) => {
          const current = ((prev as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[];
          return { ...(prev as object | undefined), properties: current.filter((a) => !gone.has(a.propertyUrn)) };
        },
      },
    ],
  });
  return (await presentAspect(services, doc!, aspect))!;
}
