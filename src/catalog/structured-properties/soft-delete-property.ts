/** Soft delete and restore of a structured property: its `status.removed` flag, nothing else is touched. */
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { resolveTarget } from '../entity-target.js';
import { writeAspects } from '../write-aspects.js';

export interface SetPropertyRemovedInput {
  urn: string;
  removed: boolean;
  actor: string;
  waitForSearch?: boolean;
}

export async function setPropertyRemoved(services: Services, input: SetPropertyRemovedInput): Promise<void> {
  const target = resolveTarget('structuredProperty', input.urn);
  await writeAspects(services, {
    target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    mustExist: true,
    changes: [
      {
        aspect: 'status',
        compute: (prev) => {
          if (prev === undefined && !input.removed) return { removed: false };
          return { ...(prev as object | undefined), removed: input.removed };
        },
      },
    ],
  }).catch((e) => {
    if (e?.code === 'NOT_FOUND') throw notFound(`Structured property ${target.urn.raw} does not exist`);
    throw e;
  });
}
