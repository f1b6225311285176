/** One page of search results: name (linked to its dataset page or entity page), type, platform, description, tags, property chips and why it matched. */
import type { Hit, ResultEntity } from '../api/search-queries';
import { Link } from '../router';
import { MatchReasons } from './match-reasons';
import { PropertyChips } from './property-chips';
import { TagChip } from './tag-chip';
import { singularLabel } from '../model/entity-types';

export const datasetPath = (urn: string): string => `/dataset/${encodeURIComponent(urn)}`;
/** The page of an entity of any other listed type. */
export const entityPath = (urn: string): string => `/entity/${encodeURIComponent(urn)}`;
/** Where an entity opens: a dataset (and a column) on the dataset page, any other on its entity page. */
export function assetPath(e: Pick<ResultEntity, 'urn' | 'type' | 'parent'>): string {
  const datasetUrn = e.type === 'DATASET' ? e.urn : e.type === 'SCHEMA_FIELD' ? e.parent?.urn : undefined;
  return datasetUrn ? datasetPath(datasetUrn) : entityPath(e.urn);
}

/** The name an entity is shown by: its own name, else what its URN names it by. */
export function titleOf(e: ResultEntity): string {
  return e.properties?.name || e.name || e.fieldPath || e.flowId || e.jobId || e.urn;
}

/** The tag names a result shows, by URN, so a matched tag is named as its chip is. */
const tagNames = (e: ResultEntity): Map<string, string> =>
  new Map((e.tags?.tags ?? []).flatMap((t) => (t.tag.properties?.name ? [[t.tag.urn, t.tag.properties.name] as const] : [])));

/** `explain`: show under each result why it matched. */
export function ResultList({ hits, explain }: { hits: Hit[]; explain: boolean }) {
  return (
    <ol class="results" aria-label="Results">
      {hits.map(({ entity: e, matchedFields }) => (
        <li key={e.urn} class="result" data-urn={e.urn}>
          <h3>
            <Link to={assetPath(e)}>{titleOf(e)}</Link>
          </h3>
          <p class="meta">
            <span class="type">{singularLabel(e.type)}</span>
            {e.platform?.name && <span class="platform">{e.platform.name}</span>} <span class="urn">{e.urn}</span>
          </p>
          {e.properties?.description && <p class="description">{e.properties.description}</p>}
          {!!e.tags?.tags?.length && (
            <div class="chips" aria-label="Tags">
              {e.tags.tags.map((t) => (
                <TagChip key={t.tag.urn} tag={t.tag} />
              ))}
            </div>
          )}
          <PropertyChips entries={e.structuredProperties?.properties} />
          {explain && <MatchReasons fields={matchedFields} known={tagNames(e)} />}
        </li>
      ))}
    </ol>
  );
}
