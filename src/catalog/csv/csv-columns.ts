/** What the export writes and the import reads in the same columns: properties by their live definitions, tags by id. */
import { tagUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { loadDefinitions, type DefinitionInfo } from '../definitions.js';

/** The definitions of these property URNs, undefined where there is none or it is soft-deleted. */
export async function liveDefinitions(deps: CatalogDeps, urns: string[]): Promise<(DefinitionInfo | undefined)[]> {
  const infos = await loadDefinitions(deps, urns);
  return urns.map((u) => {
    const info = infos.get(u);
    return info && !info.removed ? info : undefined;
  });
}

const TAG_PREFIX = tagUrn('');

/** `urn:li:tag:pii` → `pii` in a tags cell. */
export const tagIdOf = (urn: string) => (urn.startsWith(TAG_PREFIX) ? urn.slice(TAG_PREFIX.length) : urn);

/** A tags cell's `pii` → `urn:li:tag:pii` (a whole URN is kept); undefined for an empty id. */
export const tagUrnOf = (id: string): string | undefined => (id === '' ? undefined : id.startsWith('urn:') ? id : tagUrn(id));
